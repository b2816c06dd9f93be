package io.caasoperator.substrate.local.workload;

import java.time.Duration;
import java.time.Instant;

/**
 * The failed starts of one Pebble in a row, and whether the latest is worth a log line: the first
 * one, each one whose reason differs from the one before, and then the 2nd, 4th, 8th, ... of the
 * same reason, so a Pebble that never starts is said once and then ever more rarely (with the
 * backoff between tries, a line about every doubling of the time spent failing), never every few
 * seconds for good. Immutable and pure.
 *
 * @param attempts failures in a row (0: none)
 * @param reason the latest failure's reason, or empty
 * @param since when the first of them happened
 */
public record OpenFailures(int attempts, String reason, Instant since) {
  public static final OpenFailures NONE = new OpenFailures(0, "", Instant.EPOCH);

  /** One more failure, for {@code reason}, at {@code now}. */
  public OpenFailures failed(String reason, Instant now) {
    return new OpenFailures(attempts + 1, reason, attempts == 0 ? now : since);
  }

  /**
   * Whether the failure that made this record (by {@link #failed}) is logged, given the record
   * before it.
   */
  public boolean worthLogging(OpenFailures before) {
    return attempts == 1 || !reason.equals(before.reason()) || Integer.bitCount(attempts) == 1;
  }

  /** How long after this failure the next try comes. */
  public Duration delay(io.caasoperator.domain.RetryPolicy policy) {
    return policy.delayAfter(Math.max(1, attempts));
  }
}
