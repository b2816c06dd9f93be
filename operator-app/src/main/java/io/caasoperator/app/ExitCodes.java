package io.caasoperator.app;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The CLI's exit codes, one meaning each, so that a script can tell a usage error from an operator
 * that is not there from the outcome of what it asked for. README "Exit codes" and each command's
 * {@code --help} list them.
 */
final class ExitCodes {
  private ExitCodes() {}

  static final int OK = 0;

  /**
   * The operator refused (unknown unit, 409) or the work failed (start-up, an unreadable journal).
   */
  static final int FAILED = 1;

  /**
   * A usage or configuration error: a bad flag or value, an invalid setting or specification.
   * Nothing was done.
   */
  static final int USAGE = 2;

  /**
   * The operator is not running or cannot be reached. sysexits' {@code EX_UNAVAILABLE}: a code no
   * shell, {@code test} or {@code grep} uses, so even {@code exec}'s commands hardly ever exit with
   * it.
   */
  static final int UNREACHABLE = 69;

  /** {@code exec}: the timeout killed the commands (GNU {@code timeout}'s code). */
  static final int EXEC_TIMED_OUT = 124;

  /**
   * {@code exec}'s own usage errors and refusals ({@code docker run}'s code for its own errors):
   * its commands' exit codes pass through, and commands use 1 and 2 all the time.
   */
  static final int EXEC_FAILED = 125;

  /** Interrupted by Ctrl-C (128 + SIGINT, as shells report it). */
  static final int INTERRUPTED = 130;

  /**
   * The "Exit codes" section of a command's {@code --help}.
   *
   * @param exec whether it is {@code exec}, whose commands' codes pass through
   * @param reachesOperator whether it talks to a running operator (and may find none)
   */
  static Map<String, String> listFor(boolean exec, boolean reachesOperator) {
    Map<String, String> codes = new LinkedHashMap<>();
    if (exec) {
      codes.put("0-255", "the commands' own exit code");
      codes.put(String.valueOf(UNREACHABLE), "the operator is not running or cannot be reached");
      codes.put(String.valueOf(EXEC_TIMED_OUT), "the --timeout killed the commands");
      codes.put(
          String.valueOf(EXEC_FAILED),
          "exec's own error: usage, or the operator refused (unknown or dying unit)");
      return codes;
    }
    codes.put(String.valueOf(OK), "success");
    codes.put(String.valueOf(FAILED), "the operator refused, or the work failed");
    codes.put(String.valueOf(USAGE), "usage or configuration error; nothing was done");
    if (reachesOperator)
      codes.put(String.valueOf(UNREACHABLE), "the operator is not running or cannot be reached");
    return codes;
  }

  /**
   * The codes a command reports its own failures with.
   *
   * @param failed the operator refused, or the work failed
   * @param usage a usage or configuration error
   */
  record Own(int failed, int usage) {
    static final Own STANDARD = new Own(FAILED, USAGE);

    /** exec: never 1 or 2, which its commands use */
    static final Own EXEC = new Own(EXEC_FAILED, EXEC_FAILED);
  }
}
