package io.caasoperator.persistence;

import io.caasoperator.domain.CharmInfo;
import io.caasoperator.domain.Life;
import io.caasoperator.domain.Status;
import io.caasoperator.domain.UnitId;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * A unit's snapshot as the first version wrote it (one flat record). Read only: the serializer
 * turns it into the current {@link UnitState} ({@link #toCurrent}) so actors recover from snapshots
 * taken before the state was grouped. Never written again.
 */
@StableName("snapshot.UnitState.v1")
public record UnitStateV1(
    UnitId unit,
    Life life,
    CharmInfo charmAssigned,
    CharmInfo charmInUse,
    long upgradedTo,
    long configAssigned,
    long configSeen,
    boolean leader,
    boolean leaderElectedSeen,
    boolean installed,
    boolean started,
    boolean stopped,
    Map<String, String> containerStarts,
    Map<String, String> containersReady,
    UnitState.RunningHook running,
    UnitState.FailedHook failed,
    Status agentStatus,
    Status workloadStatus,
    Status workloadStatusBeforeError,
    LastHook lastHook,
    long hooksRun,
    CharmData charmData,
    long leaderSettingsAssigned,
    long leaderSettingsSeen)
    implements OldSnapshot {

  /** The same facts in the current shape (no actions: there were none then). */
  @Override
  public UnitState toCurrent() {
    var hooks =
        new UnitState.Hooks(
            running,
            failed,
            lastHook == null
                ? null
                : new UnitState.LastHook(
                    lastHook.name(),
                    HookOutcome.parse(lastHook.outcome()),
                    lastHook.at(),
                    lastHook.durationMillis()),
            hooksRun);
    return new UnitState(
        unit,
        life,
        new UnitState.Assigned(charmAssigned, configAssigned, leader, leaderSettingsAssigned),
        new UnitState.Observed(containerStarts == null ? Map.of() : containerStarts, List.of()),
        new UnitState.Progress(
            charmInUse,
            upgradedTo,
            configSeen,
            leaderElectedSeen,
            leaderSettingsSeen,
            installed,
            started,
            stopped,
            containersReady == null ? Map.of() : containersReady),
        hooks,
        new UnitState.Statuses(agentStatus, workloadStatus, workloadStatusBeforeError),
        charmData == null
            ? UnitState.CharmData.EMPTY
            : new UnitState.CharmData(charmData.state(), charmData.ports()),
        UnitState.Actions.NONE,
        UnitState.Storage.NONE,
        UnitRelations.NONE);
  }

  /** As version 1 wrote it. */
  public record CharmData(Map<String, String> state, java.util.SortedSet<String> ports) {}

  public record LastHook(String name, String outcome, Instant at, long durationMillis) {}
}
