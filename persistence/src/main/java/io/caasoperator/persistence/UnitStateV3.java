package io.caasoperator.persistence;

import io.caasoperator.domain.Life;
import io.caasoperator.domain.UnitId;

/**
 * A unit's snapshot as the third version wrote it: with actions and storage, before relations. Read
 * only ({@link OldSnapshot}).
 */
@StableName("snapshot.UnitState.v3")
public record UnitStateV3(
    UnitId unit,
    Life life,
    UnitState.Assigned assigned,
    UnitState.Observed observed,
    UnitState.Progress progress,
    UnitState.Hooks hooks,
    UnitState.Statuses statuses,
    UnitState.CharmData charmData,
    UnitState.Actions actions,
    UnitState.Storage storage)
    implements OldSnapshot {

  /** The same facts, in no relation yet (the operator assigns them again after recovery). */
  @Override
  public UnitState toCurrent() {
    return new UnitState(
        unit,
        life,
        assigned,
        observed,
        progress,
        hooks,
        statuses,
        charmData,
        actions,
        storage,
        UnitRelations.NONE);
  }
}
