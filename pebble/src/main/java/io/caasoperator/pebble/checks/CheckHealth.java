package io.caasoperator.pebble.checks;

import java.util.Optional;

/**
 * What is known of one check between runs, and how a run's result moves it (checkstate: a check is
 * up until it has failed {@code threshold} times in a row, a success resets the failures and brings
 * it back up).
 */
public record CheckHealth(
    String name,
    String level,
    String startup,
    CheckStatus status,
    int successes,
    int failures,
    int threshold,
    String lastError) {

  /** A transition the listener and the services hear about. */
  public enum Transition {
    WENT_DOWN,
    WENT_UP
  }

  /** The next health and the transition it makes, if any. */
  public record Outcome(CheckHealth next, Optional<Transition> transition) {}

  public static CheckHealth fresh(
      String name, String level, String startup, int threshold, boolean active) {
    return new CheckHealth(
        name, level, startup, active ? CheckStatus.UP : CheckStatus.INACTIVE, 0, 0, threshold, "");
  }

  /** Applies one run: empty error is a success. */
  public Outcome afterRun(Optional<String> error) {
    if (error.isEmpty()) {
      CheckHealth next =
          new CheckHealth(name, level, startup, CheckStatus.UP, successes + 1, 0, threshold, "");
      return new Outcome(
          next, status == CheckStatus.DOWN ? Optional.of(Transition.WENT_UP) : Optional.empty());
    }
    int f = failures + 1;
    CheckStatus s = f >= threshold ? CheckStatus.DOWN : status;
    CheckHealth next =
        new CheckHealth(name, level, startup, s, successes, f, threshold, error.get());
    return new Outcome(
        next,
        s == CheckStatus.DOWN && status != CheckStatus.DOWN
            ? Optional.of(Transition.WENT_DOWN)
            : Optional.empty());
  }
}
