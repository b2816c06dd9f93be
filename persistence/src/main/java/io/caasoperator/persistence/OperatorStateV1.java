package io.caasoperator.persistence;

import io.caasoperator.domain.CharmInfo;
import io.caasoperator.domain.Life;
import io.caasoperator.domain.Status;
import io.caasoperator.domain.UnitId;
import java.util.Map;
import java.util.SortedMap;

/**
 * The operator's snapshot as the first version wrote it, before action ids were given. Read only
 * ({@link OldSnapshot}).
 */
@StableName("snapshot.OperatorState.v1")
public record OperatorStateV1(
    Status status,
    CharmInfo charm,
    Map<String, Object> config,
    long configGeneration,
    SortedMap<UnitId, Life> units,
    UnitId leader,
    OperatorState.CharmSettings charmSettings)
    implements OldSnapshot {

  /**
   * The same facts, no action id given yet, no model identity yet (made on the next start), no
   * storage added.
   */
  @Override
  public OperatorState toCurrent() {
    return new OperatorState(
        status,
        charm,
        config,
        configGeneration,
        units,
        leader,
        charmSettings,
        OperatorState.ActionIndex.NONE,
        null,
        new java.util.TreeMap<>(),
        ApplicationRelations.NONE);
  }
}
