package io.caasoperator.workload;

import io.caasoperator.persistence.PlannedHook;
import io.caasoperator.persistence.UnitState;
import java.util.Optional;

/**
 * {@code <container>-pebble-ready} once per start of a container the charm declares, in the charm's
 * metadata.yaml order: each start of a container (its start id) is heard of once, and a container
 * the charm does not declare gets no hook (a charm upgrade may declare it). Juju's workload
 * resolver does the same on each {@code PebbleReady} event ({@code
 * internal/worker/uniter/container/workload.go}). Pure.
 */
public final class PebbleReadyResolver {
  private PebbleReadyResolver() {}

  public static Optional<PlannedHook> next(UnitState s) {
    for (String container : s.charmInUse().containers()) {
      String start = s.observed().containerStarts().get(container);
      if (start != null && !start.equals(s.progress().containersReady().get(container))) {
        return Optional.of(
            PlannedHook.pebbleReady(
                container, start, s.charmInUse().generation(), s.assigned().configGeneration()));
      }
    }
    return Optional.empty();
  }
}
