package io.caasoperator.operator;

import io.caasoperator.persistence.UnitState;
import io.caasoperator.persistence.timeline.ReplayedState;
import io.caasoperator.unit.UnitView;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A replayed state as {@code GET /v1/journal/state} and {@code caas-operator replay} show it: the
 * same view as status, plus each unit's operation state (installed, started, leader, the running or
 * failed hook and its attempt, charm), which status leaves out.
 *
 * @param offset the global offset of the last event applied (0: none)
 * @param time that event's time, or null
 * @param events how many events were applied
 * @param units unit name → its replayed state, for every unit with events (removed ones too)
 */
public record ReplayedStatus(
    long offset, Instant time, long events, ApplicationView status, Map<String, UnitState> units) {

  public static ReplayedStatus of(ReplayedState replayed) {
    var op = replayed.operator();
    ApplicationView status =
        ApplicationView.of(
            replayed.application(),
            op,
            u -> replayed.units().containsKey(u) ? UnitView.of(replayed.units().get(u)) : null);
    Map<String, UnitState> units = new LinkedHashMap<>();
    replayed.units().forEach((id, state) -> units.put(id.name(), state));
    return new ReplayedStatus(replayed.offset(), replayed.time(), replayed.events(), status, units);
  }
}
