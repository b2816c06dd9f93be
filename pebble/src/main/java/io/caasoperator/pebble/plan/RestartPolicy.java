package io.caasoperator.pebble.plan;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * What happens when a service exits or a check fails, and how fast it is restarted: {@code
 * on-success}, {@code on-failure}, {@code on-check-failure}, {@code backoff-delay/factor/limit},
 * {@code kill-delay}. Absent values take Pebble's defaults (500 ms, 2.0, 30 s, 5 s) through the
 * {@code effective...} methods.
 */
public record RestartPolicy(
    ServiceAction onSuccess,
    ServiceAction onFailure,
    Map<String, ServiceAction> onCheckFailure,
    Optional<Duration> backoffDelay,
    Optional<Double> backoffFactor,
    Optional<Duration> backoffLimit,
    Optional<Duration> killDelay) {

  public static final Duration DEFAULT_BACKOFF_DELAY = Duration.ofMillis(500);
  public static final double DEFAULT_BACKOFF_FACTOR = 2.0;
  public static final Duration DEFAULT_BACKOFF_LIMIT = Duration.ofSeconds(30);
  public static final Duration DEFAULT_KILL_DELAY = Duration.ofSeconds(5);

  public static final RestartPolicy EMPTY =
      new RestartPolicy(
          ServiceAction.UNSET,
          ServiceAction.UNSET,
          Map.of(),
          Optional.empty(),
          Optional.empty(),
          Optional.empty(),
          Optional.empty());

  public RestartPolicy {
    onCheckFailure = java.util.Collections.unmodifiableMap(new TreeMap<>(onCheckFailure));
  }

  public RestartPolicy merge(RestartPolicy over) {
    return new RestartPolicy(
        over.onSuccess == ServiceAction.UNSET ? onSuccess : over.onSuccess,
        over.onFailure == ServiceAction.UNSET ? onFailure : over.onFailure,
        LayerMerge.keyByKey(onCheckFailure, over.onCheckFailure),
        over.backoffDelay.or(() -> backoffDelay),
        over.backoffFactor.or(() -> backoffFactor),
        over.backoffLimit.or(() -> backoffLimit),
        over.killDelay.or(() -> killDelay));
  }

  public Duration effectiveBackoffDelay() {
    return backoffDelay.orElse(DEFAULT_BACKOFF_DELAY);
  }

  public double effectiveBackoffFactor() {
    return backoffFactor.orElse(DEFAULT_BACKOFF_FACTOR);
  }

  public Duration effectiveBackoffLimit() {
    return backoffLimit.orElse(DEFAULT_BACKOFF_LIMIT);
  }

  public Duration effectiveKillDelay() {
    return killDelay.orElse(DEFAULT_KILL_DELAY);
  }
}
