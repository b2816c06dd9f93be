package io.caasoperator.substrate.local;

import io.caasoperator.domain.UnitId;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * What runs a local pod's containers: a Pebble per container ({@code workload.Pebbles}). The
 * substrate says when a unit has a pod and when it is gone; a container counts as started when its
 * Pebble answers, which the workloads report through {@link ContainerReports#answered} with the
 * Pebble's boot id as the start id (so {@code <container>-pebble-ready} runs again after the Pebble
 * restarts, as Juju runs it when the boot id changes). Notices and check transitions come through
 * {@link ContainerReports#noticed}.
 */
public interface LocalWorkloads {
  /**
   * The unit has a pod in {@code unitDir} with {@code containers} (called again with more when a
   * new charm brings more; containers already running are left alone).
   */
  void podMade(UnitId unit, Path unitDir, List<String> containers, ContainerReports reports);

  /** The unit's pod is gone: its Pebbles stop; completes once their services are stopped. */
  CompletionStage<Void> podGone(UnitId unit);
}
