package io.caasoperator.workload;

import io.caasoperator.persistence.PebbleNotice;
import io.caasoperator.persistence.PlannedHook;
import io.caasoperator.persistence.UnitState;
import java.util.Optional;

/**
 * Which Pebble notice hook ({@code <container>-pebble-custom-notice}, {@code -check-failed}, {@code
 * -check-recovered}) the unit runs next: the oldest waiting one whose container the charm declares
 * and whose pebble-ready has run for the container's current start. Juju queues these workload
 * events behind pebble-ready the same way (juju {@code
 * internal/worker/uniter/container/workload.go}, {@code workloadHookResolver}): a charm hears of a
 * container's notices only after it heard that the container is ready. Notices of a container the
 * charm does not declare wait (a charm upgrade may declare it).
 */
public final class PebbleNoticeResolver {
  private PebbleNoticeResolver() {}

  public static Optional<PlannedHook> next(UnitState s) {
    for (PebbleNotice notice : s.observed().pebbleNotices()) {
      if (ready(s, notice.container())) {
        return Optional.of(
            PlannedHook.pebble(
                notice, s.charmInUse().generation(), s.assigned().configGeneration()));
      }
    }
    return Optional.empty();
  }

  private static boolean ready(UnitState s, String container) {
    String start = s.observed().containerStarts().get(container);
    return s.charmInUse().containers().contains(container)
        && start != null
        && start.equals(s.progress().containersReady().get(container));
  }
}
