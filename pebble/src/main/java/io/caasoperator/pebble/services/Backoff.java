package io.caasoperator.pebble.services;

import io.caasoperator.pebble.plan.RestartPolicy;
import java.time.Duration;

/**
 * The next restart delay (handlers.go {@code calculateNextBackoff}): delay, then ×factor, capped at
 * the limit.
 */
public final class Backoff {
  private Backoff() {}

  public static Duration next(RestartPolicy policy, Duration current) {
    Duration limit = policy.effectiveBackoffLimit();
    if (current.isZero()) {
      return policy.effectiveBackoffDelay();
    }
    if (current.compareTo(limit) >= 0) {
      return limit;
    }
    double nanos = current.toNanos() * policy.effectiveBackoffFactor();
    Duration next = nanos >= Long.MAX_VALUE ? limit : Duration.ofNanos((long) nanos);
    return next.compareTo(limit) > 0 ? limit : next;
  }
}
