package io.caasoperator.pebble.plan;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A {@code log-targets:} entry. Parsed, combined and validated as Pebble does so that layers
 * carrying one are accepted and shown in the plan; logs are not forwarded anywhere (see the module
 * README section).
 */
public record LogTarget(
    String name,
    String type,
    String location,
    List<String> services,
    Override override,
    Map<String, String> labels)
    implements LayerEntry<LogTarget> {
  public LogTarget {
    services = List.copyOf(services);
    labels = java.util.Collections.unmodifiableMap(new TreeMap<>(labels));
  }

  public LogTarget merge(LogTarget over) {
    return new LogTarget(
        name,
        over.type.isEmpty() ? type : over.type,
        over.location.isEmpty() ? location : over.location,
        LayerMerge.appended(services, over.services),
        override,
        LayerMerge.keyByKey(labels, over.labels));
  }
}
