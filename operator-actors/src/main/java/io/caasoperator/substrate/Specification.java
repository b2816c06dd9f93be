package io.caasoperator.substrate;

import io.caasoperator.domain.ApplicationName;
import io.caasoperator.domain.CharmRef;
import java.time.Duration;
import java.util.Map;

/**
 * The application's specification as the substrate holds it, already checked for syntax.
 * Whether the config fits the charm's options is checked by the operator, which knows the charm.
 *
 * @param config option settings, values as parsed (String, Integer/Long, Double, Boolean);
 *     never null, values never null
 * @param updateStatusInterval how often units run update-status
 */
public record Specification(
    ApplicationName application,
    CharmRef charm,
    Map<String, Object> config,
    Duration updateStatusInterval) {

  public static final Duration DEFAULT_UPDATE_STATUS_INTERVAL = Duration.ofMinutes(5);

  public Specification {
    config = Map.copyOf(config);
    if (updateStatusInterval == null) updateStatusInterval = DEFAULT_UPDATE_STATUS_INTERVAL;
  }
}
