package io.caasoperator.persistence;

import io.caasoperator.domain.Life;
import io.caasoperator.domain.UnitId;

/**
 * A unit's snapshot as the third version wrote it: today's shape, but with
 * {@code progress.leaderSettingsSeen} 0 for a leader-settings-changed that never ran. Read only
 * ({@link OldSnapshot}).
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

  /** The same facts, "never ran" told apart ({@link UnitState.Progress#fromBeforeVersion4}). */
  @Override
  public UnitState toCurrent() {
    return new UnitState(unit, life, assigned, observed, progress.fromBeforeVersion4(), hooks, statuses, charmData, actions,
        storage);
  }
}
