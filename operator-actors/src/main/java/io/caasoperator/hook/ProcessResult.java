package io.caasoperator.hook;

import java.time.Duration;

/**
 * How a hook or exec process ended.
 *
 * @param exitCode the exit code; -1 when it was killed for a timeout or never started
 * @param timedOut the timeout elapsed and the process tree was killed
 * @param truncated more output than the limit was produced; the excess was dropped
 * @param startFailure non-null when the process could not be started (the message says why)
 */
public record ProcessResult(
    int exitCode,
    String stdout,
    String stderr,
    Duration duration,
    boolean timedOut,
    boolean truncated,
    String startFailure) {

  public boolean succeeded() {
    return exitCode == 0 && !timedOut && startFailure == null;
  }
}
