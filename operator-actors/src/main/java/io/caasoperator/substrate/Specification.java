package io.caasoperator.substrate;

import io.caasoperator.domain.ApplicationName;
import io.caasoperator.domain.CharmRef;
import java.time.Duration;
import java.util.Map;

/**
 * The application's specification as the substrate holds it, already checked for syntax. Whether
 * the config fits the charm's options is checked by the operator, which knows the charm.
 *
 * @param config option settings, values as parsed (String, Integer/Long, Double, Boolean); never
 *     null, values never null
 * @param updateStatusInterval how often units run update-status
 * @param resources the charm's file resources: resource name to the file's absolute path on the
 *     operator's machine ({@code resource-get}); never null
 */
public record Specification(
    ApplicationName application,
    CharmRef charm,
    Map<String, Object> config,
    Duration updateStatusInterval,
    Map<String, String> resources) {

  public static final Duration DEFAULT_UPDATE_STATUS_INTERVAL = Duration.ofMinutes(5);

  public Specification {
    config = Map.copyOf(config);
    if (updateStatusInterval == null) updateStatusInterval = DEFAULT_UPDATE_STATUS_INTERVAL;
    resources = resources == null ? Map.of() : Map.copyOf(resources);
  }

  /** Without resources. */
  public Specification(
      ApplicationName application,
      CharmRef charm,
      Map<String, Object> config,
      Duration updateStatusInterval) {
    this(application, charm, config, updateStatusInterval, Map.of());
  }
}
