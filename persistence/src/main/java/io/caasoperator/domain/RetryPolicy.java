package io.caasoperator.domain;

import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.DoubleSupplier;

/**
 * How long to wait before retrying a failed hook (or a charm download): {@code initial}, doubling
 * with each failed attempt, never more than {@code max}, then shortened by a random part of up to
 * {@code jitter} of it. Without jitter, units that failed together (a charm bug, the API server
 * away) would retry in lockstep forever; with it they spread out. The jitter only ever shortens a
 * delay, so {@code max} stays the longest wait and {@code initial} the longest first one. Pure but
 * for the random source, which is injected: tests give a fixed one.
 *
 * @param jitter the largest fraction of a delay taken off at random, in [0, 1); 0 for none
 * @param random numbers in [0, 1), one drawn per delay
 */
public record RetryPolicy(Duration initial, Duration max, double jitter, DoubleSupplier random) {

  /**
   * A fifth: 5 s becomes 4-5 s, 5 min becomes 4-5 min (client-go's wait.Jitter spreads as widely).
   */
  public static final double DEFAULT_JITTER = 0.2;

  private static final DoubleSupplier UNIFORM = () -> ThreadLocalRandom.current().nextDouble();

  public static final RetryPolicy DEFAULT =
      new RetryPolicy(Duration.ofSeconds(5), Duration.ofMinutes(5));

  public RetryPolicy {
    if (initial == null || initial.isNegative() || initial.isZero()) {
      throw new IllegalArgumentException("hook retry delay must be > 0");
    }
    if (max == null || max.compareTo(initial) < 0) {
      throw new IllegalArgumentException("hook retry max delay must be >= the initial delay");
    }
    if (!(jitter >= 0 && jitter < 1)) {
      throw new IllegalArgumentException("retry jitter must be in [0, 1), got " + jitter);
    }
    if (random == null) throw new IllegalArgumentException("retry jitter needs a random source");
  }

  /** With the default jitter drawn from a uniform random source. */
  public RetryPolicy(Duration initial, Duration max) {
    this(initial, max, DEFAULT_JITTER, UNIFORM);
  }

  /** The same backoff, with {@code jitter} drawn from {@code random}. */
  public RetryPolicy withJitter(double jitter, DoubleSupplier random) {
    return new RetryPolicy(initial, max, jitter, random);
  }

  /** The same backoff, exactly: for tests that count seconds. */
  public RetryPolicy withoutJitter() {
    return withJitter(0, UNIFORM);
  }

  /**
   * The delay before the attempt that follows {@code failedAttempts} failures (1 = first failure).
   */
  public Duration delayAfter(int failedAttempts) {
    Duration backoff = backoffAfter(failedAttempts);
    if (jitter == 0) return backoff;
    double draw = random.getAsDouble();
    if (!(draw >= 0 && draw < 1)) draw = 0; // a broken source must not stretch or negate a delay
    return Duration.ofNanos(Math.round(backoff.toNanos() * (1 - jitter * draw)));
  }

  /** The delay without jitter: {@code initial} doubled per earlier failure, at most {@code max}. */
  public Duration backoffAfter(int failedAttempts) {
    Duration delay = initial;
    for (int i = 1; i < failedAttempts && delay.compareTo(max) < 0; i++) {
      delay = delay.multipliedBy(2);
    }
    return delay.compareTo(max) > 0 ? max : delay;
  }
}
