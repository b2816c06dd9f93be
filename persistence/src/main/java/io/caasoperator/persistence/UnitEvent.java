package io.caasoperator.persistence;

import io.caasoperator.domain.CharmInfo;
import io.caasoperator.domain.Life;
import io.caasoperator.domain.Status;
import java.time.Instant;

/**
 * What a unit's journal ({@code unit|<app>/<n>}) records. Inputs from the operator (life, charm,
 * config, leadership, container starts) are recorded only when they differ from what the unit
 * already knows, so re-sending the whole desired state after a restart writes nothing.
 */
public sealed interface UnitEvent extends JournalEvent {
  Instant at();

  @StableName("unit.LifeAssigned.v1")
  record LifeAssigned(Life life, Instant at) implements UnitEvent {}

  /** A dead unit's name is used again (pod ordinals are reused): the unit starts over. */
  @StableName("unit.Revived.v1")
  record Revived(Instant at) implements UnitEvent {}

  @StableName("unit.CharmAssigned.v1")
  record CharmAssigned(CharmInfo charm, Instant at) implements UnitEvent {}

  /** The unit's charm view now shows the assigned charm (before upgrade-charm, or while idle). */
  @StableName("unit.CharmSwitched.v1")
  record CharmSwitched(long generation, Instant at) implements UnitEvent {}

  @StableName("unit.ConfigAssigned.v1")
  record ConfigAssigned(long generation, Instant at) implements UnitEvent {}

  @StableName("unit.LeadershipAssigned.v1")
  record LeadershipAssigned(boolean leader, Instant at) implements UnitEvent {}

  @StableName("unit.ContainerStartObserved.v1")
  record ContainerStartObserved(String container, String startId, Instant at) implements UnitEvent {}

  /** Persisted before the hook's process starts (at-least-once). */
  @StableName("unit.HookStarted.v1")
  record HookStarted(PlannedHook hook, int attempt, String contextId, Instant at) implements UnitEvent {}

  @StableName("unit.HookCompleted.v1")
  record HookCompleted(String hook, long durationMillis, Instant at) implements UnitEvent {}

  /** The charm does not implement the hook: nothing ran, and the unit moves on. */
  @StableName("unit.HookSkipped.v1")
  record HookSkipped(PlannedHook hook, Instant at) implements UnitEvent {}

  @StableName("unit.HookFailed.v1")
  record HookFailed(String hook, int exitCode, String reason, long durationMillis, Instant at)
      implements UnitEvent {}

  /** A user resolved the failed hook: {@code retry} runs it again now, otherwise it counts as done. */
  @StableName("unit.HookResolved.v1")
  record HookResolved(boolean retry, Instant at) implements UnitEvent {}

  /**
   * A command was exec'd in the unit's context (serialised with its hooks). Only a digest of the
   * command is kept: commands may carry secrets, and output never enters the journal.
   */
  @StableName("unit.ExecStarted.v1")
  record ExecStarted(String contextId, String commandSha256, Instant at) implements UnitEvent {}

  @StableName("unit.ExecCompleted.v1")
  record ExecCompleted(String contextId, int exitCode, boolean timedOut, long durationMillis, Instant at)
      implements UnitEvent {}

  @StableName("unit.WorkloadStatusSet.v1")
  record WorkloadStatusSet(Status status, Instant at) implements UnitEvent {}

  /** {@code state-set}: charm-local state, kept in the journal instead of files in the unit. */
  @StableName("unit.CharmStateSet.v1")
  record CharmStateSet(String key, String value, Instant at) implements UnitEvent {}

  @StableName("unit.CharmStateDeleted.v1")
  record CharmStateDeleted(String key, Instant at) implements UnitEvent {}

  /** {@code open-port}; the port as Juju prints it: {@code 80/tcp}, {@code 8000-8010/udp}, {@code icmp}. */
  @StableName("unit.PortOpened.v1")
  record PortOpened(String port, Instant at) implements UnitEvent {}

  @StableName("unit.PortClosed.v1")
  record PortClosed(String port, Instant at) implements UnitEvent {}

  /**
   * The operator gave the unit a storage instance (one per storage its charm declares, more with
   * {@code storage-add}); its storage-attached hook runs once the unit has started.
   */
  @StableName("unit.StorageAssigned.v1")
  record StorageAssigned(UnitState.StorageInstance instance, Instant at) implements UnitEvent {}

  /** The leader changed its settings; a non-leader unit runs leader-settings-changed. */
  @StableName("unit.LeaderSettingsAssigned.v1")
  record LeaderSettingsAssigned(long generation, Instant at) implements UnitEvent {}
}
