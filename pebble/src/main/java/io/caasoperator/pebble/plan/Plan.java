package io.caasoperator.pebble.plan;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The combined configuration: the layers in order and what they add up to (plan.go {@code Plan},
 * {@code CombineLayers}, {@code Plan.Validate}, {@code StartOrder}, {@code StopOrder}). Immutable:
 * every change of layers makes a new plan through {@link #of}.
 */
public record Plan(
    List<Layer> layers,
    Map<String, ServiceSpec> services,
    Map<String, CheckSpec> checks,
    Map<String, LogTarget> logTargets) {

  public static final Plan EMPTY = new Plan(List.of(), Map.of(), Map.of(), Map.of());

  public Plan {
    layers = List.copyOf(layers);
    services = java.util.Collections.unmodifiableMap(new TreeMap<>(services));
    checks = java.util.Collections.unmodifiableMap(new TreeMap<>(checks));
    logTargets = java.util.Collections.unmodifiableMap(new TreeMap<>(logTargets));
  }

  /** Combines and validates the layers into a plan, or says what is wrong. */
  public static Plan of(List<Layer> layers) throws PlanFormatException {
    Layer combined = combine(layers);
    Plan plan = new Plan(layers, combined.services(), combined.checks(), combined.logTargets());
    plan.validate();
    return plan;
  }

  /**
   * plan.go {@code CombineLayers}: every entry must say how it overrides ({@code override:
   * merge|replace}), in every layer, including the first one that defines it.
   */
  public static Layer combine(List<Layer> layers) throws PlanFormatException {
    Map<String, ServiceSpec> services = new TreeMap<>();
    Map<String, CheckSpec> checks = new TreeMap<>();
    Map<String, LogTarget> targets = new TreeMap<>();
    String summary = "";
    String description = "";
    for (Layer layer : layers) {
      summary = layer.summary();
      description = layer.description();
      combine(services, layer, layer.services(), "service");
      combine(checks, layer, layer.checks(), "check");
      combine(targets, layer, layer.logTargets(), "log target");
    }
    int order = layers.isEmpty() ? 0 : layers.get(layers.size() - 1).order();
    String label = layers.isEmpty() ? "" : layers.get(layers.size() - 1).label();
    return new Layer(order, label, summary, description, services, checks, targets);
  }

  /** Lays {@code layer}'s entries of one kind over the ones {@code combined} holds. */
  private static <T extends LayerEntry<T>> void combine(
      Map<String, T> combined, Layer layer, Map<String, T> entries, String kind)
      throws PlanFormatException {
    for (T entry : entries.values()) {
      switch (entry.override()) {
        case MERGE -> combined.merge(entry.name(), entry, LayerEntry::merge);
        case REPLACE -> combined.put(entry.name(), entry);
        case UNSET ->
            throw new PlanFormatException(
                "layer \""
                    + layer.label()
                    + "\" must define \"override\" for "
                    + kind
                    + " \""
                    + entry.name()
                    + "\"");
      }
    }
  }

  /** plan.go {@code Plan.Validate}. */
  public void validate() throws PlanFormatException {
    for (ServiceSpec s : services.values()) {
      if (s.command().isEmpty()) {
        throw new PlanFormatException(
            "plan must define \"command\" for service \"" + s.name() + "\"");
      }
    }
    for (CheckSpec c : checks.values()) {
      int types = 0;
      if (c.http().isPresent()) {
        if (c.http().get().url().isEmpty()) {
          throw new PlanFormatException(
              "plan must set \"url\" for http check \"" + c.name() + "\"");
        }
        types++;
      }
      if (c.tcp().isPresent()) {
        if (c.tcp().get().port() == 0) {
          throw new PlanFormatException(
              "plan must set \"port\" for tcp check \"" + c.name() + "\"");
        }
        types++;
      }
      if (c.exec().isPresent()) {
        ExecCheck e = c.exec().get();
        if (e.command().isEmpty()) {
          throw new PlanFormatException(
              "plan must set \"command\" for exec check \"" + c.name() + "\"");
        }
        if (!e.serviceContext().isEmpty() && !services.containsKey(e.serviceContext())) {
          throw new PlanFormatException(
              "plan check \""
                  + c.name()
                  + "\" service context specifies non-existent service \""
                  + e.serviceContext()
                  + "\"");
        }
        types++;
      }
      if (types != 1) {
        throw new PlanFormatException(
            "plan must specify one of \"http\", \"tcp\", or \"exec\" for check \""
                + c.name()
                + "\"");
      }
    }
    for (LogTarget t : logTargets.values()) {
      if (t.type().isEmpty()) {
        throw new PlanFormatException(
            "plan must define \"type\" (\"loki\", \"opentelemetry\" or \"syslog\") "
                + "for log target \""
                + t.name()
                + "\"");
      }
      for (String service : t.services()) {
        String name = service.startsWith("-") ? service.substring(1) : service;
        if (!name.equals("all") && !services.containsKey(name)) {
          throw new PlanFormatException(
              "log target \"" + t.name() + "\" specifies unknown service \"" + name + "\"");
        }
      }
      if (t.location().isEmpty()) {
        throw new PlanFormatException(
            "plan must define \"location\" for log target \"" + t.name() + "\"");
      }
    }
    order(new ArrayList<>(services.keySet()), false);
  }

  /**
   * The lanes to start the named services in, their requirements added (plan.go {@code
   * StartOrder}).
   */
  public List<List<String>> startOrder(List<String> names) throws PlanFormatException {
    return lanes(order(names, false));
  }

  /**
   * The lanes to stop the named services in, what requires them added (plan.go {@code StopOrder}).
   */
  public List<List<String>> stopOrder(List<String> names) throws PlanFormatException {
    return lanes(order(names, true));
  }

  /** The services with {@code startup: enabled}, in start order. */
  public List<String> defaultServices() throws PlanFormatException {
    List<String> enabled = new ArrayList<>();
    for (ServiceSpec s : services.values()) {
      if (s.startup() == Startup.ENABLED) {
        enabled.add(s.name());
      }
    }
    List<String> out = new ArrayList<>();
    startOrder(enabled).forEach(out::addAll);
    return out;
  }

  private List<String> order(List<String> names, boolean stop) throws PlanFormatException {
    Map<String, List<String>> predecessors = new HashMap<>();
    if (stop) {
      for (ServiceSpec s : services.values()) {
        for (String req : s.ordering().requires()) {
          predecessors.computeIfAbsent(req, k -> new ArrayList<>()).add(s.name());
        }
      }
    }
    Map<String, List<String>> successors = new LinkedHashMap<>();
    List<String> pending = new ArrayList<>(names);
    for (int i = 0; i < pending.size(); i++) {
      String name = pending.get(i);
      if (successors.containsKey(name)) {
        continue;
      }
      successors.put(name, new ArrayList<>());
      if (stop) {
        pending.addAll(predecessors.getOrDefault(name, List.of()));
      } else {
        pending.addAll(require(name).ordering().requires());
      }
    }
    for (String name : List.copyOf(successors.keySet())) {
      ServiceSpec service = require(name);
      List<String> after = stop ? service.ordering().before() : service.ordering().after();
      List<String> before = stop ? service.ordering().after() : service.ordering().before();
      for (String a : after) {
        if (successors.containsKey(a)) {
          successors.get(name).add(a);
        }
      }
      for (String b : before) {
        if (successors.containsKey(b)) {
          successors.get(b).add(name);
        }
      }
    }
    List<String> ordered = new ArrayList<>();
    for (List<String> scc : Tarjan.sort(successors)) {
      if (scc.size() > 1) {
        throw new PlanFormatException("services in before/after loop: " + String.join(", ", scc));
      }
      ordered.add(scc.get(0));
    }
    return ordered;
  }

  private ServiceSpec require(String name) throws PlanFormatException {
    ServiceSpec s = services.get(name);
    if (s == null) {
      throw new PlanFormatException("service \"" + name + "\" does not exist");
    }
    return s;
  }

  /** plan.go {@code createLanes}: services tied by {@code requires} share a lane. */
  private List<List<String>> lanes(List<String> names) throws PlanFormatException {
    Map<String, Integer> laneOf = new HashMap<>();
    int lane = -1;
    int maxLane = 0;
    for (String name : names) {
      ServiceSpec service = require(name);
      Integer existing = laneOf.get(name);
      int chosen;
      if (existing != null) {
        chosen = existing;
      } else {
        Integer viaRequire = null;
        for (String dep : service.ordering().requires()) {
          if (laneOf.containsKey(dep)) {
            viaRequire = laneOf.get(dep);
            break;
          }
        }
        chosen = viaRequire != null ? viaRequire : lane + 1;
      }
      laneOf.put(name, chosen);
      for (String dep : service.ordering().requires()) {
        laneOf.put(dep, chosen);
      }
      lane = chosen;
      maxLane = Math.max(maxLane, chosen);
    }
    List<List<String>> lanes = new ArrayList<>();
    for (int i = 0; i <= maxLane; i++) {
      lanes.add(new ArrayList<>());
    }
    for (String name : names) {
      lanes.get(laneOf.get(name)).add(name);
    }
    lanes.removeIf(List::isEmpty);
    return lanes;
  }
}
