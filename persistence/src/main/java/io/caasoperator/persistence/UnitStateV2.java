package io.caasoperator.persistence;

import io.caasoperator.domain.Life;
import io.caasoperator.domain.UnitId;

/**
 * A unit's snapshot as the second version wrote it: grouped as today, before the unit kept its
 * charm actions and storage. Read only ({@link OldSnapshot}).
 */
@StableName("snapshot.UnitState.v2")
public record UnitStateV2(
    UnitId unit,
    Life life,
    UnitState.Assigned assigned,
    UnitState.Observed observed,
    UnitState.Progress progress,
    UnitState.Hooks hooks,
    UnitState.Statuses statuses,
    UnitState.CharmData charmData)
    implements OldSnapshot {

  /**
   * The same facts, with no actions and no storage (a unit had neither before the version that
   * recorded them).
   */
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
        UnitState.Actions.NONE,
        UnitState.Storage.NONE,
        UnitRelations.NONE);
  }
}
