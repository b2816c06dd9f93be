package io.caasoperator.workload;

import io.caasoperator.domain.UnitId;
import io.caasoperator.pebble.services.LogEntry;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;

/**
 * The unit containers whose Pebbles run in this process, as the container routes show them: the
 * local substrate's (module {@code substrate-local}), which the routes know only through this. On
 * Kubernetes a container's Pebble is in its pod and there is none.
 */
public interface UnitContainers {
  /** The unit's containers, by name; none when it has no pod here. */
  CompletionStage<List<ContainerView>> views(UnitId unit);

  /**
   * The last {@code lines} output lines of {@code service} (every service when empty) of the unit's
   * {@code container}, oldest first; empty when the unit has no such container here.
   */
  CompletionStage<Optional<List<LogEntry>>> logs(
      UnitId unit, String container, Optional<String> service, int lines);
}
