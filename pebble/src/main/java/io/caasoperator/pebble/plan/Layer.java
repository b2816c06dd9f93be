package io.caasoperator.pebble.plan;

import java.util.Map;
import java.util.TreeMap;

/**
 * One configuration layer: a label, its order among the layers, and its services, checks and log
 * targets as written (plan.go {@code Layer}). The plan is the combination of all layers in order.
 */
public record Layer(
    int order,
    String label,
    String summary,
    String description,
    Map<String, ServiceSpec> services,
    Map<String, CheckSpec> checks,
    Map<String, LogTarget> logTargets) {
  public Layer {
    services = java.util.Collections.unmodifiableMap(new TreeMap<>(services));
    checks = java.util.Collections.unmodifiableMap(new TreeMap<>(checks));
    logTargets = java.util.Collections.unmodifiableMap(new TreeMap<>(logTargets));
  }

  public Layer withOrder(int newOrder) {
    return new Layer(newOrder, label, summary, description, services, checks, logTargets);
  }
}
