package io.caasoperator.persistence;

import io.caasoperator.domain.Life;
import io.caasoperator.domain.UnitId;

/**
 * A unit's snapshot as the second version wrote it: grouped, without storage. Read only: the
 * serializer turns it into the current {@link UnitState} ({@link #toCurrent}, with no storage,
 * which is what such a unit had), so actors recover from snapshots taken before storage existed.
 * Never written again.
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
    implements JournalEvent {

  /** The same facts in the current shape. */
  public UnitState toCurrent() {
    return new UnitState(unit, life, assigned, observed, progress, hooks, statuses, charmData, UnitState.Storage.NONE);
  }
}
