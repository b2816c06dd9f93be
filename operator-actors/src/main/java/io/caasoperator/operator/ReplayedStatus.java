package io.caasoperator.operator;

import io.caasoperator.domain.CharmInfo;
import io.caasoperator.domain.Life;
import io.caasoperator.domain.Status;
import io.caasoperator.domain.UnitId;
import io.caasoperator.persistence.UnitState;
import io.caasoperator.persistence.timeline.ReplayedState;
import io.caasoperator.unit.UnitView;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A replayed state as {@code GET /v1/journal/state} and {@code caas-operator replay} show it:
 * the same view as status, plus each unit's operation state (installed, started, leader, the
 * running or failed hook and its attempt, charm), which status leaves out.
 *
 * @param offset the global offset of the last event applied (0: none)
 * @param time that event's time, or null
 * @param events how many events were applied
 * @param units unit name → its replayed state, for every unit with events (removed ones too)
 */
public record ReplayedStatus(long offset, Instant time, long events, ApplicationView status, Map<String, UnitState> units) {

  public static ReplayedStatus of(ReplayedState replayed) {
    var op = replayed.operator();
    CharmInfo charm = op.charm();
    List<UnitView> views = op.units().keySet().stream()
        .map(u -> replayed.units().containsKey(u) ? UnitView.of(replayed.units().get(u)) : placeholder(u, op.units().get(u)))
        .toList();
    ApplicationView status = new ApplicationView(
        replayed.application(),
        op.status(),
        charm == null ? null : new ApplicationView.CharmView(charm.name(), charm.ref().url(), charm.sha256(),
            charm.generation(), charm.ref().modifiedVersion()),
        op.configGeneration(),
        op.leader() == null ? null : op.leader().name(),
        views);
    Map<String, UnitState> units = new LinkedHashMap<>();
    replayed.units().forEach((id, state) -> units.put(id.name(), state));
    return new ReplayedStatus(replayed.offset(), replayed.time(), replayed.events(), status, units);
  }

  /** A unit the operator added whose own journal has no event yet: as the OperatorActor shows it. */
  private static UnitView placeholder(UnitId unit, Life life) {
    Instant epoch = Instant.EPOCH;
    return new UnitView(unit, life, false, Status.of("allocating", "", epoch),
        Status.of("waiting", "agent initialising", epoch), 0, null, null, 0, null, null, 0);
  }
}
