package io.caasoperator.unit;

import java.time.Duration;

/**
 * How long a unit waits before retrying a failed hook: {@code initial}, doubling with each
 * failed attempt, never more than {@code max}. Pure: the actor owns the timer.
 */
public record RetryPolicy(Duration initial, Duration max) {
  public static final RetryPolicy DEFAULT = new RetryPolicy(Duration.ofSeconds(5), Duration.ofMinutes(5));

  public RetryPolicy {
    if (initial == null || initial.isNegative() || initial.isZero()) {
      throw new IllegalArgumentException("hook retry delay must be > 0");
    }
    if (max == null || max.compareTo(initial) < 0) {
      throw new IllegalArgumentException("hook retry max delay must be >= the initial delay");
    }
  }

  /** The delay before the attempt that follows {@code failedAttempts} failures (1 = first failure). */
  public Duration delayAfter(int failedAttempts) {
    Duration delay = initial;
    for (int i = 1; i < failedAttempts && delay.compareTo(max) < 0; i++) {
      delay = delay.multipliedBy(2);
    }
    return delay.compareTo(max) > 0 ? max : delay;
  }
}
