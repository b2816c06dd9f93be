package io.caasoperator.persistence;

import io.caasoperator.domain.CharmInfo;
import io.caasoperator.domain.Life;
import io.caasoperator.domain.Status;
import io.caasoperator.domain.UnitId;
import java.util.Map;
import java.util.SortedMap;

/**
 * The operator's snapshot as the second version wrote it: with action ids, the model's identity and
 * added storage, before relations. Read only ({@link OldSnapshot}).
 */
@StableName("snapshot.OperatorState.v2")
public record OperatorStateV2(
    Status status,
    CharmInfo charm,
    Map<String, Object> config,
    long configGeneration,
    SortedMap<UnitId, Life> units,
    UnitId leader,
    OperatorState.CharmSettings charmSettings,
    OperatorState.ActionIndex actions,
    String modelUuid,
    SortedMap<UnitId, Map<String, Integer>> storageAdded)
    implements OldSnapshot {

  /** The same facts, no relation yet: the next plan creates the charm's peer relations. */
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
        actions,
        modelUuid,
        storageAdded,
        ApplicationRelations.NONE);
  }
}
