package io.caasoperator.pebble.plan;

import java.time.Duration;
import java.util.Optional;

/**
 * One health check of a layer or of the plan (plan.go {@code Check}). Exactly one of http, tcp,
 * exec is set in a valid plan. Absent period, timeout and threshold take Pebble's defaults (10 s, 3
 * s capped at the period, 3).
 */
public record CheckSpec(
    String name,
    Override override,
    CheckLevel level,
    Startup startup,
    Optional<Duration> period,
    Optional<Duration> timeout,
    int threshold,
    Optional<HttpCheck> http,
    Optional<TcpCheck> tcp,
    Optional<ExecCheck> exec)
    implements LayerEntry<CheckSpec> {

  public static final Duration DEFAULT_PERIOD = Duration.ofSeconds(10);
  public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(3);
  public static final int DEFAULT_THRESHOLD = 3;

  /** Pebble's {@code Check.Merge}. */
  public CheckSpec merge(CheckSpec over) {
    return new CheckSpec(
        name,
        override,
        over.level == CheckLevel.UNSET ? level : over.level,
        over.startup == Startup.UNSET ? startup : over.startup,
        over.period.or(() -> period),
        over.timeout.or(() -> timeout),
        over.threshold != 0 ? over.threshold : threshold,
        over.http.map(h -> http.map(mine -> mine.merge(h)).orElse(h)).or(() -> http),
        over.tcp.map(t -> tcp.map(mine -> mine.merge(t)).orElse(t)).or(() -> tcp),
        over.exec.map(e -> exec.map(mine -> mine.merge(e)).orElse(e)).or(() -> exec));
  }

  public Duration effectivePeriod() {
    return period.orElse(DEFAULT_PERIOD);
  }

  /** The timeout, never longer than the period (plan.go {@code CombineLayers}). */
  public Duration effectiveTimeout() {
    Duration t = timeout.orElse(DEFAULT_TIMEOUT);
    return t.compareTo(effectivePeriod()) > 0 ? effectivePeriod() : t;
  }

  public int effectiveThreshold() {
    return threshold == 0 ? DEFAULT_THRESHOLD : threshold;
  }
}
