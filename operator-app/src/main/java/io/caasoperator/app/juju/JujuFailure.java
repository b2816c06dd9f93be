package io.caasoperator.app.juju;

/**
 * A command that could not do what it was asked: printed as Juju prints an error, {@code ERROR
 * <message>} on standard error (juju/cmd {@code supercommand.go} writes every error a command
 * returns so), exit code 1, or 2 for a usage error (a bad flag value, a missing argument). Thrown
 * only once nothing was changed, or once what was changed is whole (a bundle is written all at once
 * or not at all).
 */
public final class JujuFailure extends RuntimeException {
  private final boolean usage;

  public JujuFailure(String message) {
    this(message, null, false);
  }

  public JujuFailure(String message, Throwable cause) {
    this(message, cause, false);
  }

  private JujuFailure(String message, Throwable cause, boolean usage) {
    super(message, cause, false, false);
    this.usage = usage;
  }

  /** A usage error: the command line itself is wrong; exit code 2. */
  public static JujuFailure usage(String message) {
    return new JujuFailure(message, null, true);
  }

  public int exitCode() {
    return usage ? 2 : 1;
  }
}
