package io.caasoperator.persistence;

import java.time.Instant;
import java.util.List;

/**
 * What the journal of one unit container's Pebble ({@code pebble|<app>/<n>/<container>}) records:
 * the layers (the state a restarted operator rebuilds its plan from), and the facts a user looks
 * for when a workload misbehaves (service starts, stops, exits, check transitions), never their
 * output. Kept apart from the unit's journal so that a busy workload never grows the unit's.
 */
public sealed interface WorkloadEvent extends JournalEvent {
  Instant at();

  /** A layer was added ({@code combine} false) or combined into the layer of the same label. */
  @StableName("workload.LayerAdded.v1")
  record LayerAdded(String label, boolean combine, String yaml, Instant at)
      implements WorkloadEvent {}

  /**
   * A service's process started, leading its own process group {@code processGroup}: what a
   * restarted operator stops if this one was killed before the service ended.
   */
  @StableName("workload.ServiceStarted.v1")
  record ServiceStarted(String service, long processGroup, Instant at) implements WorkloadEvent {}

  /** A service was stopped on request (its process group is gone). */
  @StableName("workload.ServiceStopped.v1")
  record ServiceStopped(String service, Instant at) implements WorkloadEvent {}

  /** A service exited by itself with {@code exitCode} (128+N after signal N). */
  @StableName("workload.ServiceExited.v1")
  record ServiceExited(String service, int exitCode, Instant at) implements WorkloadEvent {}

  /** A check reached its failure threshold after {@code failures} failures. */
  @StableName("workload.CheckFailed.v1")
  record CheckFailed(String check, int failures, Instant at) implements WorkloadEvent {}

  /** A check that had failed succeeded again. */
  @StableName("workload.CheckRecovered.v1")
  record CheckRecovered(String check, Instant at) implements WorkloadEvent {}

  /**
   * Service process groups left running by an operator that was killed were stopped (SIGKILL to
   * each group still alive) before this one's Pebble started: none is adopted.
   */
  @StableName("workload.OrphansStopped.v1")
  record OrphansStopped(List<Long> processGroups, Instant at) implements WorkloadEvent {
    public OrphansStopped {
      processGroups = List.copyOf(processGroups);
    }
  }
}
