package io.caasoperator.pebble.timers;

import java.time.Duration;

/**
 * Runs something after a delay: the okay delay of a start, backoff, kill delay, check periods.
 * Injected so tests advance time by hand instead of sleeping.
 */
public interface Timers {
  /** Runs {@code task} once {@code delay} has passed; the task must not block for long. */
  Cancellable schedule(Duration delay, Runnable task);

  /** A scheduled task that may be called off. */
  interface Cancellable {
    void cancel();
  }
}
