package io.caasoperator.hooktool;

/**
 * A tool refusing a call; {@code HookTools} turns it into {@code ERROR <message>} on stderr. Exit
 * code 2 for a command line the tool cannot parse (Juju's usage errors, raised before the tool
 * runs), 1 for a call that was understood but cannot be done (not the leader, not in an action).
 */
public final class ToolFailure extends RuntimeException {

  static final int USAGE = 2;
  static final int FAILED = 1;

  private final int exitCode;

  private ToolFailure(int exitCode, String message) {
    // No stack trace: this is an answer to the caller, never logged as a fault.
    super(message, null, false, false);
    this.exitCode = exitCode;
  }

  public static ToolFailure usage(String message) {
    return new ToolFailure(USAGE, message);
  }

  public static ToolFailure failed(String message) {
    return new ToolFailure(FAILED, message);
  }

  public int exitCode() {
    return exitCode;
  }
}
