package io.caasoperator.persistence;

import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import io.caasoperator.persistence.secret.SecretTrigger;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;

/**
 * A hook the unit decided to run, with what it satisfies when it completes: one record per kind of
 * hook, each with exactly what its environment names and its completion marks seen.
 *
 * <p>Every kind is journaled in the one flat shape journals have always held ({@link
 * PlannedHookJson}), so old journals read and new ones stay readable by old code.
 */
@JsonSerialize(converter = PlannedHookJson.FromHook.class)
@JsonDeserialize(converter = PlannedHookJson.ToHook.class)
public sealed interface PlannedHook {

  /** Which hook. */
  HookKind kind();

  /** The charm generation it runs with (for upgrade-charm: the one upgraded to). */
  long charmGeneration();

  /** The config generation it runs with (config-changed marks it seen). */
  long configGeneration();

  /**
   * The hook's name as charms know it, e.g. {@code install}, {@code web-pebble-ready} or {@code
   * data-storage-attached}.
   */
  default String name() {
    return kind().label();
  }

  /**
   * This hook run again with what is assigned now: the charm and config generations, and for
   * leader-settings-changed the leader settings' generation.
   */
  PlannedHook withGenerations(long charm, long config, long leaderSettings);

  /**
   * A hook that carries nothing but its kind: install, start, config-changed, leader-elected and
   * the like (and leader-settings-changed as journaled before it carried its settings' generation).
   */
  record Lifecycle(HookKind kind, long charmGeneration, long configGeneration)
      implements PlannedHook {
    /** The kinds whose hooks carry something of their own, so have a record of their own. */
    private static final Set<HookKind> CARRYING =
        EnumSet.of(
            HookKind.PEBBLE_READY,
            HookKind.PEBBLE_CUSTOM_NOTICE,
            HookKind.PEBBLE_CHECK_FAILED,
            HookKind.PEBBLE_CHECK_RECOVERED,
            HookKind.STORAGE_ATTACHED,
            HookKind.STORAGE_DETACHING,
            HookKind.RELATION_CREATED,
            HookKind.RELATION_JOINED,
            HookKind.RELATION_CHANGED,
            HookKind.RELATION_DEPARTED,
            HookKind.RELATION_BROKEN,
            HookKind.SECRET_ROTATE,
            HookKind.SECRET_EXPIRED,
            HookKind.SECRET_REMOVE,
            HookKind.SECRET_CHANGED);

    public Lifecycle {
      Objects.requireNonNull(kind, "kind");
      if (CARRYING.contains(kind))
        throw new IllegalArgumentException(kind.label() + " carries what its environment names");
    }

    @Override
    public PlannedHook withGenerations(long charm, long config, long leaderSettings) {
      return kind == HookKind.LEADER_SETTINGS_CHANGED
          ? new LeaderSettings(leaderSettings, charm, config)
          : new Lifecycle(kind, charm, config);
    }
  }

  /**
   * {@code <container>-pebble-ready} for one start of the container.
   *
   * @param workload the container
   * @param containerStart the container start it answers (what its completion marks ready)
   */
  record PebbleReady(
      String workload, String containerStart, long charmGeneration, long configGeneration)
      implements PlannedHook {
    public PebbleReady {
      Objects.requireNonNull(workload, "workload");
    }

    @Override
    public HookKind kind() {
      return HookKind.PEBBLE_READY;
    }

    @Override
    public String name() {
      return workload + "-" + kind().label();
    }

    @Override
    public PlannedHook withGenerations(long charm, long config, long leaderSettings) {
      return new PebbleReady(workload, containerStart, charm, config);
    }
  }

  /**
   * A pebble-custom-notice, -check-failed or -check-recovered hook.
   *
   * @param notice what it answers (its environment names it; its kind is the hook's)
   */
  record Notice(PebbleNotice notice, long charmGeneration, long configGeneration)
      implements PlannedHook {
    public Notice {
      Objects.requireNonNull(notice, "notice");
    }

    @Override
    public HookKind kind() {
      return notice.kind();
    }

    /** The container the notice came from. */
    public String workload() {
      return notice.container();
    }

    @Override
    public String name() {
      return workload() + "-" + kind().label();
    }

    @Override
    public PlannedHook withGenerations(long charm, long config, long leaderSettings) {
      return new Notice(notice, charm, config);
    }
  }

  /**
   * storage-attached or storage-detaching.
   *
   * @param storage the storage instance (id, kind, location), which its environment names
   */
  record Storage(
      HookKind kind, UnitState.StorageInstance storage, long charmGeneration, long configGeneration)
      implements PlannedHook {
    public Storage {
      Objects.requireNonNull(kind, "kind");
      Objects.requireNonNull(storage, "storage");
    }

    @Override
    public String name() {
      return storage.name() + "-" + kind.label();
    }

    @Override
    public PlannedHook withGenerations(long charm, long config, long leaderSettings) {
      return new Storage(kind, storage, charm, config);
    }
  }

  /**
   * relation-created, -joined, -changed, -departed or -broken.
   *
   * @param relation the relation, remote unit and change version it answers
   */
  record Relation(HookKind kind, RelationHook relation, long charmGeneration, long configGeneration)
      implements PlannedHook {
    public Relation {
      Objects.requireNonNull(kind, "kind");
      Objects.requireNonNull(relation, "relation");
    }

    @Override
    public String name() {
      return relation.endpoint() + "-" + kind.label();
    }

    @Override
    public PlannedHook withGenerations(long charm, long config, long leaderSettings) {
      return new Relation(kind, relation, charm, config);
    }
  }

  /**
   * leader-settings-changed.
   *
   * @param leaderSettingsGeneration the leader settings it was planned for (what it marks seen when
   *     it completes, so settings changed while it ran run it again)
   */
  record LeaderSettings(long leaderSettingsGeneration, long charmGeneration, long configGeneration)
      implements PlannedHook {
    @Override
    public HookKind kind() {
      return HookKind.LEADER_SETTINGS_CHANGED;
    }

    @Override
    public PlannedHook withGenerations(long charm, long config, long leaderSettings) {
      return new LeaderSettings(leaderSettings, charm, config);
    }
  }

  /**
   * secret-rotate, secret-expired or secret-remove, for the secret's owner.
   *
   * @param trigger what it answers (its environment names the secret; its kind is the hook's)
   */
  record Secret(SecretTrigger trigger, long charmGeneration, long configGeneration)
      implements PlannedHook {
    public Secret {
      Objects.requireNonNull(trigger, "trigger");
    }

    @Override
    public HookKind kind() {
      return trigger.kind();
    }

    @Override
    public PlannedHook withGenerations(long charm, long config, long leaderSettings) {
      return new Secret(trigger, charm, config);
    }
  }

  /** A hook that carries nothing but its kind. */
  static PlannedHook of(HookKind kind, long charmGeneration, long configGeneration) {
    return new Lifecycle(kind, charmGeneration, configGeneration);
  }

  /** {@code <container>-pebble-ready} for the start {@code start} of {@code container}. */
  static PlannedHook pebbleReady(
      String container, String start, long charmGeneration, long configGeneration) {
    return new PebbleReady(container, start, charmGeneration, configGeneration);
  }

  /** A storage hook of the instance {@code storage}. */
  static PlannedHook storage(
      HookKind kind,
      UnitState.StorageInstance storage,
      long charmGeneration,
      long configGeneration) {
    return new Storage(kind, storage, charmGeneration, configGeneration);
  }

  /** A relation hook of {@code relation}. */
  static PlannedHook relation(
      HookKind kind, RelationHook relation, long charmGeneration, long configGeneration) {
    return new Relation(kind, relation, charmGeneration, configGeneration);
  }

  /** The hook that tells the charm of {@code notice}, in its container. */
  static PlannedHook pebble(PebbleNotice notice, long charmGeneration, long configGeneration) {
    return new Notice(notice, charmGeneration, configGeneration);
  }

  /** The hook that tells the secret's owner of {@code trigger}. */
  static PlannedHook secret(SecretTrigger trigger, long charmGeneration, long configGeneration) {
    return new Secret(trigger, charmGeneration, configGeneration);
  }

  /** leader-settings-changed for the leader settings of {@code generation}. */
  static PlannedHook leaderSettingsChanged(
      long generation, long charmGeneration, long configGeneration) {
    return new LeaderSettings(generation, charmGeneration, configGeneration);
  }
}
