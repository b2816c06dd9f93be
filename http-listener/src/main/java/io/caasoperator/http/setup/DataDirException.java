package io.caasoperator.http.setup;

/**
 * A file the listener or the CLI needs from the operator's data directory (certificate, key, admin
 * token, listener address) is missing, unreadable or corrupt.
 *
 * <p>One type so the CLI can print the message and exit without a stack trace: every message names
 * the file and says what to do about it.
 */
public final class DataDirException extends RuntimeException {

  public DataDirException(String message) {
    super(message);
  }

  public DataDirException(String message, Throwable cause) {
    super(message, cause);
  }
}
