package io.caasoperator.persistence;

import io.caasoperator.domain.CharmInfo;
import io.caasoperator.domain.Life;
import io.caasoperator.domain.Status;
import io.caasoperator.domain.UnitId;
import io.caasoperator.persistence.UnitEvent.*;
import java.time.Instant;
import java.util.Map;
import java.util.TreeMap;

/**
 * Everything a unit knows, rebuilt from its events by {@link #apply}: the single event handler
 * used by the UnitActor and by replay alike. Immutable; every change returns a new copy.
 *
 * @param charmAssigned the charm the operator wants this unit to run (null before the first)
 * @param charmInUse the charm the unit's charm view shows now
 * @param upgradedTo the charm generation the unit last installed or upgraded to
 * @param configAssigned the config generation the operator assigned
 * @param configSeen the config generation the last config-changed ran for (-1: run it again,
 *     e.g. after upgrade-charm)
 * @param leaderElectedSeen leader-elected ran since the unit became leader
 * @param containerStarts container → id of its latest start
 * @param containersReady container → start id its pebble-ready ran for
 * @param running the hook whose process may be running (started, not yet finished)
 * @param failed the hook that failed and blocks later hooks until retried or resolved
 * @param charmData what the charm stored through hook tools (state, opened ports)
 * @param leaderSettingsAssigned generation of the leader settings the operator has
 * @param leaderSettingsSeen generation the last leader-settings-changed ran for
 */
@StableName("snapshot.UnitState.v1")
public record UnitState(
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
    RunningHook running,
    FailedHook failed,
    Status agentStatus,
    Status workloadStatus,
    Status workloadStatusBeforeError,
    LastHook lastHook,
    long hooksRun,
    CharmData charmData,
    long leaderSettingsAssigned,
    long leaderSettingsSeen)
    implements JournalEvent {

  public UnitState {
    // snapshots written before a field existed read it as null: give it its empty value
    charmData = charmData == null ? CharmData.EMPTY : charmData;
    containerStarts = Map.copyOf(containerStarts);
    containersReady = Map.copyOf(containersReady);
  }

  /** What the charm keeps through hook tools: {@code state-set} values and opened ports. */
  public record CharmData(Map<String, String> state, java.util.SortedSet<String> ports) {
    public static final CharmData EMPTY = new CharmData(Map.of(), new java.util.TreeSet<>());

    public CharmData {
      state = Map.copyOf(state);
      ports = java.util.Collections.unmodifiableSortedSet(new java.util.TreeSet<>(ports));
    }

    CharmData withState(String key, String value) {
      TreeMap<String, String> copy = new TreeMap<>(state);
      if (value == null) copy.remove(key); else copy.put(key, value);
      return new CharmData(copy, ports);
    }

    CharmData withPort(String port, boolean open) {
      java.util.TreeSet<String> copy = new java.util.TreeSet<>(ports);
      if (open) copy.add(port); else copy.remove(port);
      return new CharmData(state, copy);
    }
  }

  /** A hook whose {@code HookStarted} is persisted and whose end is not. */
  public record RunningHook(PlannedHook hook, int attempt, String contextId, Instant startedAt) {}

  public record FailedHook(PlannedHook hook, int attempt, int exitCode, String reason, Instant at) {}

  /** @param outcome completed, failed, skipped or resolved */
  public record LastHook(String name, String outcome, Instant at, long durationMillis) {}

  public static UnitState initial(UnitId unit) {
    Instant epoch = Instant.EPOCH;
    return new UnitState(
        unit, Life.ALIVE, null, null, 0, 0, 0, false, false, false, false, false, Map.of(), Map.of(),
        null, null, Status.of("allocating", "", epoch), Status.of("waiting", "agent initialising", epoch),
        null, null, 0, CharmData.EMPTY, 0, 0);
  }

  public boolean isDead() {
    return life == Life.DEAD;
  }

  public UnitState apply(UnitEvent event) {
    return switch (event) {
      case LifeAssigned e -> withLife(e.life());
      case Revived e -> initial(unit);
      case CharmAssigned e ->
          charmInUse == null ? withCharms(e.charm(), e.charm()) : withCharms(e.charm(), charmInUse);
      case CharmSwitched e -> withCharms(charmAssigned, charmAssigned);
      case ConfigAssigned e -> withConfig(e.generation(), configSeen);
      case LeadershipAssigned e -> withLeader(e.leader(), e.leader() && leaderElectedSeen);
      case ContainerStartObserved e -> withContainers(put(containerStarts, e.container(), e.startId()), containersReady);
      case HookStarted e ->
          withRunning(
              new RunningHook(e.hook(), e.attempt(), e.contextId(), e.at()),
              null,
              Status.of("executing", "running " + e.hook().name() + " hook", e.at()));
      case HookCompleted e -> finished(running.hook(), new LastHook(e.hook(), "completed", e.at(), e.durationMillis()));
      case HookSkipped e -> finished(e.hook(), new LastHook(e.hook().name(), "skipped", e.at(), 0));
      case HookFailed e -> failedWith(e);
      case HookResolved e ->
          e.retry() || failed == null
              ? this
              : finished(failed.hook(), new LastHook(failed.hook().name(), "resolved", e.at(), 0));
      case WorkloadStatusSet e -> withWorkload(e.status(), workloadStatusBeforeError);
      // an exec is an audit record: it changes nothing the unit decides on
      case ExecStarted e -> this;
      case ExecCompleted e -> this;
      case CharmStateSet e -> withData(charmData.withState(e.key(), e.value()));
      case CharmStateDeleted e -> withData(charmData.withState(e.key(), null));
      case PortOpened e -> withData(charmData.withPort(e.port(), true));
      case PortClosed e -> withData(charmData.withPort(e.port(), false));
      case LeaderSettingsAssigned e -> withLeaderSettings(e.generation(), leaderSettingsSeen);
    };
  }

  /** The effect of a hook that is done (completed, skipped, or resolved without retry). */
  private UnitState finished(PlannedHook hook, LastHook last) {
    UnitState s = this;
    switch (hook.kind()) {
      case INSTALL -> s = s.withFlags(true, started, stopped).withUpgradedTo(hook.charmGeneration());
      case LEADER_ELECTED -> s = s.withLeader(leader, leader);
      case CONFIG_CHANGED -> s = s.withConfig(configAssigned, hook.configGeneration());
      case START -> s = s.withFlags(installed, true, stopped);
      // config-changed always follows upgrade-charm, as Juju does
      case UPGRADE_CHARM -> s = s.withUpgradedTo(hook.charmGeneration()).withConfig(configAssigned, -1);
      case PEBBLE_READY -> s = s.withContainers(containerStarts, put(containersReady, hook.workload(), hook.containerStart()));
      case STOP -> s = s.withFlags(installed, started, true);
      case REMOVE -> s = s.withLife(Life.DEAD);
      case LEADER_SETTINGS_CHANGED -> s = s.withLeaderSettings(leaderSettingsAssigned, leaderSettingsAssigned);
      case UPDATE_STATUS -> {}
    }
    Status workload = s.workloadStatusBeforeError != null ? s.workloadStatusBeforeError : s.workloadStatus;
    return s.withRunning(null, null, Status.of("idle", "", last.at()))
        .withWorkload(workload, null)
        .withLastHook(last);
  }

  private UnitState failedWith(HookFailed e) {
    PlannedHook hook = running != null ? running.hook() : failed.hook();
    int attempt = running != null ? running.attempt() : failed.attempt();
    Status before = workloadStatusBeforeError != null ? workloadStatusBeforeError : workloadStatus;
    return withRunning(null, new FailedHook(hook, attempt, e.exitCode(), e.reason(), e.at()),
            Status.of("error", e.reason(), e.at()))
        .withWorkload(Status.of("error", "hook failed: \"" + e.hook() + "\"", e.at()), before)
        .withLastHook(new LastHook(e.hook(), "failed", e.at(), e.durationMillis()));
  }

  private static Map<String, String> put(Map<String, String> map, String key, String value) {
    TreeMap<String, String> copy = new TreeMap<>(map);
    copy.put(key, value);
    return copy;
  }

  private UnitState withLife(Life newLife) {
    return new UnitState(unit, newLife, charmAssigned, charmInUse, upgradedTo, configAssigned, configSeen,
        leader, leaderElectedSeen, installed, started, stopped, containerStarts, containersReady, running,
        failed, agentStatus, workloadStatus, workloadStatusBeforeError, lastHook, hooksRun, charmData, leaderSettingsAssigned, leaderSettingsSeen);
  }

  private UnitState withCharms(CharmInfo assigned, CharmInfo inUse) {
    return new UnitState(unit, life, assigned, inUse, upgradedTo, configAssigned, configSeen,
        leader, leaderElectedSeen, installed, started, stopped, containerStarts, containersReady, running,
        failed, agentStatus, workloadStatus, workloadStatusBeforeError, lastHook, hooksRun, charmData, leaderSettingsAssigned, leaderSettingsSeen);
  }

  private UnitState withUpgradedTo(long generation) {
    return new UnitState(unit, life, charmAssigned, charmInUse, generation, configAssigned, configSeen,
        leader, leaderElectedSeen, installed, started, stopped, containerStarts, containersReady, running,
        failed, agentStatus, workloadStatus, workloadStatusBeforeError, lastHook, hooksRun, charmData, leaderSettingsAssigned, leaderSettingsSeen);
  }

  private UnitState withConfig(long assigned, long seen) {
    return new UnitState(unit, life, charmAssigned, charmInUse, upgradedTo, assigned, seen,
        leader, leaderElectedSeen, installed, started, stopped, containerStarts, containersReady, running,
        failed, agentStatus, workloadStatus, workloadStatusBeforeError, lastHook, hooksRun, charmData, leaderSettingsAssigned, leaderSettingsSeen);
  }

  private UnitState withLeader(boolean isLeader, boolean electedSeen) {
    return new UnitState(unit, life, charmAssigned, charmInUse, upgradedTo, configAssigned, configSeen,
        isLeader, electedSeen, installed, started, stopped, containerStarts, containersReady, running,
        failed, agentStatus, workloadStatus, workloadStatusBeforeError, lastHook, hooksRun, charmData, leaderSettingsAssigned, leaderSettingsSeen);
  }

  private UnitState withFlags(boolean isInstalled, boolean isStarted, boolean isStopped) {
    return new UnitState(unit, life, charmAssigned, charmInUse, upgradedTo, configAssigned, configSeen,
        leader, leaderElectedSeen, isInstalled, isStarted, isStopped, containerStarts, containersReady, running,
        failed, agentStatus, workloadStatus, workloadStatusBeforeError, lastHook, hooksRun, charmData, leaderSettingsAssigned, leaderSettingsSeen);
  }

  private UnitState withContainers(Map<String, String> starts, Map<String, String> ready) {
    return new UnitState(unit, life, charmAssigned, charmInUse, upgradedTo, configAssigned, configSeen,
        leader, leaderElectedSeen, installed, started, stopped, starts, ready, running,
        failed, agentStatus, workloadStatus, workloadStatusBeforeError, lastHook, hooksRun, charmData, leaderSettingsAssigned, leaderSettingsSeen);
  }

  private UnitState withRunning(RunningHook nowRunning, FailedHook nowFailed, Status agent) {
    return new UnitState(unit, life, charmAssigned, charmInUse, upgradedTo, configAssigned, configSeen,
        leader, leaderElectedSeen, installed, started, stopped, containerStarts, containersReady, nowRunning,
        nowFailed, agent, workloadStatus, workloadStatusBeforeError, lastHook, hooksRun, charmData, leaderSettingsAssigned, leaderSettingsSeen);
  }

  private UnitState withWorkload(Status workload, Status beforeError) {
    return new UnitState(unit, life, charmAssigned, charmInUse, upgradedTo, configAssigned, configSeen,
        leader, leaderElectedSeen, installed, started, stopped, containerStarts, containersReady, running,
        failed, agentStatus, workload, beforeError, lastHook, hooksRun, charmData, leaderSettingsAssigned, leaderSettingsSeen);
  }

  private UnitState withLastHook(LastHook last) {
    return new UnitState(unit, life, charmAssigned, charmInUse, upgradedTo, configAssigned, configSeen,
        leader, leaderElectedSeen, installed, started, stopped, containerStarts, containersReady, running,
        failed, agentStatus, workloadStatus, workloadStatusBeforeError, last,
        "completed".equals(last.outcome()) || "failed".equals(last.outcome()) ? hooksRun + 1 : hooksRun,
        charmData, leaderSettingsAssigned, leaderSettingsSeen);
  }

  private UnitState withData(CharmData data) {
    return new UnitState(unit, life, charmAssigned, charmInUse, upgradedTo, configAssigned, configSeen,
        leader, leaderElectedSeen, installed, started, stopped, containerStarts, containersReady, running,
        failed, agentStatus, workloadStatus, workloadStatusBeforeError, lastHook, hooksRun, data,
        leaderSettingsAssigned, leaderSettingsSeen);
  }

  private UnitState withLeaderSettings(long assigned, long seen) {
    return new UnitState(unit, life, charmAssigned, charmInUse, upgradedTo, configAssigned, configSeen,
        leader, leaderElectedSeen, installed, started, stopped, containerStarts, containersReady, running,
        failed, agentStatus, workloadStatus, workloadStatusBeforeError, lastHook, hooksRun, charmData,
        assigned, seen);
  }
}
