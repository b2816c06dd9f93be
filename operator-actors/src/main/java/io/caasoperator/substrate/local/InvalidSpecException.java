package io.caasoperator.substrate.local;

/**
 * A specification file that cannot be used. The message names the file and every problem found, so
 * a user fixes them all in one edit.
 */
public final class InvalidSpecException extends Exception {
  public InvalidSpecException(String message) {
    super(message);
  }
}
