package io.caasoperator.persistence;

import io.caasoperator.domain.CharmInfo;
import io.caasoperator.domain.Life;
import io.caasoperator.domain.Status;
import io.caasoperator.persistence.secret.SecretTrigger;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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
  record ContainerStartObserved(String container, String startId, Instant at)
      implements UnitEvent {}

  /**
   * A container's Pebble reported a custom notice or a check transition; its hook is queued, in
   * arrival order, until it ran (the pending queue is in {@link UnitState.Observed}).
   */
  @StableName("unit.PebbleNoticeObserved.v1")
  record PebbleNoticeObserved(PebbleNotice notice, Instant at) implements UnitEvent {}

  /**
   * The secret store reported a secret hook due for this unit (the owner); its hook is queued, in
   * arrival order, until it ran (the pending queue is in {@link UnitState.Observed}).
   */
  @StableName("unit.SecretTriggerObserved.v1")
  record SecretTriggerObserved(SecretTrigger trigger, Instant at) implements UnitEvent {}

  /** Persisted before the hook's process starts (at-least-once). */
  @StableName("unit.HookStarted.v1")
  record HookStarted(PlannedHook hook, int attempt, String contextId, Instant at)
      implements UnitEvent {}

  @StableName("unit.HookCompleted.v1")
  record HookCompleted(String hook, long durationMillis, Instant at) implements UnitEvent {}

  /** The charm does not implement the hook: nothing ran, and the unit moves on. */
  @StableName("unit.HookSkipped.v1")
  record HookSkipped(PlannedHook hook, Instant at) implements UnitEvent {}

  @StableName("unit.HookFailed.v1")
  record HookFailed(String hook, int exitCode, String reason, long durationMillis, Instant at)
      implements UnitEvent {}

  /**
   * A user resolved the failed hook: {@code retry} runs it again now, otherwise it counts as done.
   */
  @StableName("unit.HookResolved.v1")
  record HookResolved(boolean retry, Instant at) implements UnitEvent {}

  /**
   * A command was exec'd in the unit's context (serialised with its hooks). Only a digest of the
   * command is kept: commands may carry secrets, and output never enters the journal.
   */
  @StableName("unit.ExecStarted.v1")
  record ExecStarted(String contextId, String commandSha256, Instant at) implements UnitEvent {}

  @StableName("unit.ExecCompleted.v1")
  record ExecCompleted(
      String contextId, int exitCode, boolean timedOut, long durationMillis, Instant at)
      implements UnitEvent {}

  @StableName("unit.WorkloadStatusSet.v1")
  record WorkloadStatusSet(Status status, Instant at) implements UnitEvent {}

  /** {@code state-set}: charm-local state, kept in the journal instead of files in the unit. */
  @StableName("unit.CharmStateSet.v1")
  record CharmStateSet(String key, String value, Instant at) implements UnitEvent {}

  @StableName("unit.CharmStateDeleted.v1")
  record CharmStateDeleted(String key, Instant at) implements UnitEvent {}

  /**
   * {@code open-port}; the port as Juju prints it: {@code 80/tcp}, {@code 8000-8010/udp}, {@code
   * icmp}.
   */
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

  /**
   * A charm action (from the charm's {@code actions.yaml}) was queued for this unit under the
   * application-wide {@code id} the operator gave it. {@code params} are the parameters as
   * validated against the action's JSON Schema, with the schema's defaults filled in: they are
   * journaled as given (there are no secret parameters yet; the journal is private to the
   * operator's user, see "Data directory").
   */
  @StableName("unit.ActionQueued.v1")
  record ActionQueued(long id, String name, Map<String, Object> params, Instant at)
      implements UnitEvent {
    public ActionQueued {
      params = frozen(params);
    }
  }

  /**
   * The action's process is about to start (persisted first, as for hooks). An action whose
   * ActionStarted has no ActionFinished was interrupted: it is failed after a restart, never run
   * again.
   */
  @StableName("unit.ActionStarted.v1")
  record ActionStarted(long id, String contextId, Instant at) implements UnitEvent {}

  /**
   * How the action ended: {@code completed}, {@code failed} (with {@code message}: its {@code
   * action-fail} message, {@code exit status N}, or why it could not run) or {@code cancelled} (it
   * never ran). {@code results} are what {@code action-set} set, plus {@code return-code}, {@code
   * stdout} and {@code stderr} as Juju adds them; {@code log} the {@code action-log} messages.
   */
  @StableName("unit.ActionFinished.v1")
  record ActionFinished(
      long id,
      ActionStatus status,
      String message,
      Map<String, Object> results,
      List<ActionMessage> log,
      Instant at)
      implements UnitEvent {
    public ActionFinished {
      message = message == null ? "" : message;
      results = frozen(results);
      log = log == null ? List.of() : List.copyOf(log);
    }
  }

  /**
   * The operator's view of the unit's relations changed: members that entered or left a relation's
   * scope, or a databag that changed. The unit's resolver turns the difference into relation hooks.
   */
  @StableName("unit.RelationsAssigned.v1")
  record RelationsAssigned(List<UnitRelations.RelationSnapshot> relations, Instant at)
      implements UnitEvent {
    public RelationsAssigned {
      relations = List.copyOf(relations);
    }
  }

  /**
   * {@code relation-set} calls of a hook that completed (persisted with its {@code HookCompleted}:
   * a failed hook writes nothing), or of an exec or action: the unit's whole databag and the
   * application's databag of relation {@code relationId} after them; null when unchanged.
   */
  @StableName("unit.RelationSettingsWritten.v1")
  record RelationSettingsWritten(
      long relationId,
      Map<String, String> unitSettings,
      Map<String, String> applicationSettings,
      Instant at)
      implements UnitEvent {}

  /** An unmodifiable copy in the same order; null values are kept (Map.copyOf refuses them). */
  private static Map<String, Object> frozen(Map<String, Object> map) {
    return map == null || map.isEmpty()
        ? Map.of()
        : Collections.unmodifiableMap(new LinkedHashMap<>(map));
  }
}
