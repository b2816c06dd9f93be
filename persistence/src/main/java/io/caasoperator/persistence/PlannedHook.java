package io.caasoperator.persistence;

import io.caasoperator.persistence.secret.SecretTrigger;

/**
 * A hook the unit decided to run, with what it satisfies when it completes.
 *
 * @param kind which hook
 * @param workload the container, for {@code pebble-ready}; null otherwise
 * @param containerStart the container start it answers, for {@code pebble-ready}; null otherwise
 * @param charmGeneration the charm generation it runs with (for upgrade-charm: the one upgraded to)
 * @param configGeneration the config generation it runs with (config-changed marks it seen)
 * @param storage the storage instance (id, kind, location) of storage-attached and
 *     storage-detaching, which their environment names; null otherwise (and in journals written
 *     before storage hooks existed)
 * @param leaderSettingsGeneration for leader-settings-changed, the leader settings it was planned
 *     for (what it marks seen when it completes, so settings changed while it ran run it again);
 *     null for other hooks and in events written before it existed
 * @param relation the relation, remote unit and change version of a relation hook; null otherwise
 *     (and in journals written before relation hooks existed)
 * @param pebbleNotice what a pebble-custom-notice, -check-failed or -check-recovered hook answers
 *     (its environment names it); null otherwise
 * @param secret the trigger a secret-rotate, -expired or -remove hook answers (its environment
 *     names the secret); null otherwise
 */
public record PlannedHook(
    HookKind kind,
    String workload,
    String containerStart,
    long charmGeneration,
    long configGeneration,
    UnitState.StorageInstance storage,
    RelationHook relation,
    Long leaderSettingsGeneration,
    PebbleNotice pebbleNotice,
    SecretTrigger secret) {

  /** A hook without a storage instance, relation, leader-settings generation, notice or secret. */
  public PlannedHook(
      HookKind kind,
      String workload,
      String containerStart,
      long charmGeneration,
      long configGeneration) {
    this(
        kind,
        workload,
        containerStart,
        charmGeneration,
        configGeneration,
        null,
        null,
        null,
        null,
        null);
  }

  /**
   * The hook's name as charms know it, e.g. {@code install}, {@code web-pebble-ready} or {@code
   * data-storage-attached}.
   */
  public String name() {
    return switch (kind) {
      case PEBBLE_READY -> workload + "-pebble-ready";
      case PEBBLE_CUSTOM_NOTICE, PEBBLE_CHECK_FAILED, PEBBLE_CHECK_RECOVERED ->
          workload + "-" + kind.label();
      case STORAGE_ATTACHED, STORAGE_DETACHING -> storage.name() + "-" + kind.label();
      case RELATION_CREATED,
          RELATION_JOINED,
          RELATION_CHANGED,
          RELATION_DEPARTED,
          RELATION_BROKEN ->
          relation.endpoint() + "-" + kind.label();
      default -> kind.label();
    };
  }

  /** A storage hook of the instance {@code storage}. */
  public static PlannedHook storage(
      HookKind kind,
      UnitState.StorageInstance storage,
      long charmGeneration,
      long configGeneration) {
    return new PlannedHook(
        kind, null, null, charmGeneration, configGeneration, storage, null, null, null, null);
  }

  /** A relation hook of {@code relation}. */
  public static PlannedHook relation(
      HookKind kind, RelationHook relation, long charmGeneration, long configGeneration) {
    return new PlannedHook(
        kind, null, null, charmGeneration, configGeneration, null, relation, null, null, null);
  }

  /** The hook that tells the charm of {@code notice}, in its container. */
  public static PlannedHook pebble(
      PebbleNotice notice, long charmGeneration, long configGeneration) {
    return new PlannedHook(
        notice.kind(),
        notice.container(),
        null,
        charmGeneration,
        configGeneration,
        null,
        null,
        null,
        notice,
        null);
  }

  /** The hook that tells the secret's owner of {@code trigger}. */
  public static PlannedHook secret(
      SecretTrigger trigger, long charmGeneration, long configGeneration) {
    return new PlannedHook(
        trigger.kind(),
        null,
        null,
        charmGeneration,
        configGeneration,
        null,
        null,
        null,
        null,
        trigger);
  }

  public static PlannedHook of(HookKind kind, long charmGeneration, long configGeneration) {
    return new PlannedHook(kind, null, null, charmGeneration, configGeneration);
  }

  /**
   * This hook run again with what is assigned now: the charm and config generations, and for
   * leader-settings-changed the leader settings' generation.
   */
  public PlannedHook withGenerations(long charm, long config, long leaderSettings) {
    return new PlannedHook(
        kind,
        workload,
        containerStart,
        charm,
        config,
        storage,
        relation,
        kind == HookKind.LEADER_SETTINGS_CHANGED
            ? Long.valueOf(leaderSettings)
            : leaderSettingsGeneration,
        pebbleNotice,
        secret);
  }

  /** leader-settings-changed for the leader settings of {@code generation}. */
  public static PlannedHook leaderSettingsChanged(
      long generation, long charmGeneration, long configGeneration) {
    return new PlannedHook(
        HookKind.LEADER_SETTINGS_CHANGED,
        null,
        null,
        charmGeneration,
        configGeneration,
        null,
        null,
        generation,
        null,
        null);
  }
}
