package io.caasoperator.relation;

import io.caasoperator.domain.UnitId;
import io.caasoperator.persistence.ApplicationRelations;
import io.caasoperator.persistence.OperatorEvent;
import io.caasoperator.persistence.OperatorEvent.RelationSettingsChanged;
import io.caasoperator.persistence.OperatorState;
import io.caasoperator.persistence.UnitRelations.OwnSettings;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Which of a unit's databag writes the operator has not recorded yet. A unit journals its writes
 * with the hook that made them (all or nothing) and reports its state after every change and every
 * restart; the operator records each write once, by its sequence number, whenever it hears of it: a
 * crash between the two journals loses nothing. Pure.
 */
public final class DatabagWrites {
  private DatabagWrites() {}

  /**
   * The events that record {@code unit}'s writes ({@code written}, by relation id) not recorded in
   * {@code state}. A write to a relation the unit is not in scope of (it left meanwhile) changes
   * only the application's databag, and only while the unit leads.
   */
  public static List<OperatorEvent> unrecorded(
      OperatorState state, UnitId unit, Map<Long, OwnSettings> written, Instant now) {
    List<OperatorEvent> events = new ArrayList<>();
    written.forEach(
        (id, own) -> {
          ApplicationRelations.Relation relation = state.relations().byId().get(id);
          if (relation == null) return;
          long applied = relation.appliedWrites().getOrDefault(unit.name(), 0L);
          if (own.sequence() <= applied) return;
          var unitSettings =
              own.unitSequence() > applied && relation.units().containsKey(unit.name())
                  ? own.unit()
                  : null;
          var applicationSettings =
              own.applicationSequence() > applied && unit.equals(state.leader())
                  ? own.application()
                  : null;
          events.add(
              new RelationSettingsChanged(
                  id, unit, own.sequence(), unitSettings, applicationSettings, now));
        });
    return events;
  }
}
