package io.caasoperator.substrate.local.workload;

import io.caasoperator.pebble.events.PebbleEvent;
import io.caasoperator.persistence.WorkloadEvent;
import java.util.Optional;

/**
 * Which of a Pebble's reports are journaled, and as what: layers (state), service starts, stops and
 * exits and check transitions (facts for the timeline), never output or error text. Notices are not
 * journaled: they are the Pebble's own (it keeps them while it runs).
 */
final class WorkloadFacts {
  private WorkloadFacts() {}

  static Optional<WorkloadEvent> of(PebbleEvent event) {
    return switch (event) {
      case PebbleEvent.LayerAdded e ->
          Optional.of(new WorkloadEvent.LayerAdded(e.label(), e.combine(), e.yaml(), e.at()));
      case PebbleEvent.ServiceStarted e ->
          Optional.of(new WorkloadEvent.ServiceStarted(e.service(), e.pid(), e.at()));
      case PebbleEvent.ServiceStopped e ->
          Optional.of(new WorkloadEvent.ServiceStopped(e.service(), e.at()));
      case PebbleEvent.ServiceExited e ->
          Optional.of(new WorkloadEvent.ServiceExited(e.service(), e.exitCode(), e.at()));
      case PebbleEvent.CheckDown e ->
          Optional.of(new WorkloadEvent.CheckFailed(e.check(), e.failures(), e.at()));
      case PebbleEvent.CheckUp e ->
          Optional.of(new WorkloadEvent.CheckRecovered(e.check(), e.at()));
      case PebbleEvent.NoticeAdded e -> Optional.empty();
      case PebbleEvent.ShutdownRequested e -> Optional.empty();
    };
  }
}
