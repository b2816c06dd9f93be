package io.caasoperator.substrate.local.workload;

import io.caasoperator.pebble.events.PebbleEvent;
import io.caasoperator.persistence.PebbleNotice;
import java.util.Optional;

/**
 * Which of a Pebble's reports the charm hears of through a hook, as Juju 3.6's uniter picks them
 * from Pebble's notices (juju {@code internal/worker/uniter/pebblenotices.go}): a notice of type
 * {@code custom} (each occurrence, a repeat included) runs {@code
 * <container>-pebble-custom-notice}; a check reaching its failure threshold runs {@code
 * <container>-pebble-check-failed}, and passing again {@code -check-recovered}. Other notice types
 * ({@code change-update}, {@code warning}) run nothing.
 */
final class WorkloadNotices {
  private WorkloadNotices() {}

  static final String CUSTOM = "custom";

  static Optional<PebbleNotice> of(String container, PebbleEvent event) {
    return switch (event) {
      case PebbleEvent.NoticeAdded e ->
          CUSTOM.equals(e.type())
              ? Optional.of(PebbleNotice.custom(container, e.id(), e.type(), e.key(), e.at()))
              : Optional.empty();
      case PebbleEvent.CheckDown e ->
          Optional.of(PebbleNotice.check(container, e.check(), true, e.at()));
      case PebbleEvent.CheckUp e ->
          Optional.of(PebbleNotice.check(container, e.check(), false, e.at()));
      case PebbleEvent.LayerAdded e -> Optional.empty();
      case PebbleEvent.ServiceStarted e -> Optional.empty();
      case PebbleEvent.ServiceStopped e -> Optional.empty();
      case PebbleEvent.ServiceExited e -> Optional.empty();
      case PebbleEvent.ShutdownRequested e -> Optional.empty();
    };
  }
}
