package io.caasoperator.persistence;

import io.caasoperator.persistence.WorkloadEvent.*;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What one unit container's Pebble must remember across operator restarts, rebuilt from its events
 * by {@link #apply} (the actor and replay alike): the layers in the order they were added, and the
 * process groups of services that were started and have not been seen to end.
 *
 * @param layers every layer added, in order ({@link LayerAdded} records, replayed into the plan)
 * @param running service name to the process group it runs in, while it runs
 */
@StableName("snapshot.WorkloadState.v1")
public record WorkloadState(List<LayerAdded> layers, Map<String, Long> running)
    implements JournalEvent {

  public static final WorkloadState EMPTY = new WorkloadState(List.of(), Map.of());

  public WorkloadState {
    layers = List.copyOf(layers);
    running = java.util.Collections.unmodifiableMap(new TreeMap<>(running));
  }

  public WorkloadState apply(WorkloadEvent event) {
    return switch (event) {
      case LayerAdded e -> {
        List<LayerAdded> next = new ArrayList<>(layers);
        next.add(e);
        yield new WorkloadState(next, running);
      }
      case ServiceStarted e -> new WorkloadState(layers, with(e.service(), e.processGroup()));
      case ServiceStopped e -> new WorkloadState(layers, without(e.service()));
      case ServiceExited e -> new WorkloadState(layers, without(e.service()));
      case CheckFailed e -> this;
      case CheckRecovered e -> this;
      case OrphansStopped e -> new WorkloadState(layers, Map.of());
    };
  }

  private Map<String, Long> with(String service, long group) {
    Map<String, Long> next = new TreeMap<>(running);
    next.put(service, group);
    return next;
  }

  private Map<String, Long> without(String service) {
    Map<String, Long> next = new TreeMap<>(running);
    next.remove(service);
    return next;
  }
}
