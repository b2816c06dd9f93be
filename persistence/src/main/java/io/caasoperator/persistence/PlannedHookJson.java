package io.caasoperator.persistence;

import com.fasterxml.jackson.databind.util.StdConverter;
import io.caasoperator.persistence.secret.SecretTrigger;

/**
 * The one flat JSON shape every {@link PlannedHook} is journaled in, whatever its kind: the fields
 * of the kinds it is not are null. This was the hook's shape before it became one record per kind;
 * journals hold it, so its fields, their order and their names never change (new fields go last and
 * read as null from older journals).
 *
 * @param workload the container, for pebble-ready and the pebble notice hooks
 * @param containerStart the container start a pebble-ready answers
 * @param storage the storage instance of a storage hook (absent in journals from before them)
 * @param relation the relation of a relation hook (absent in journals from before them)
 * @param leaderSettingsGeneration for leader-settings-changed, the settings it was planned for
 *     (absent in journals from before it carried them)
 * @param pebbleNotice what a pebble notice or check hook answers
 * @param secret the trigger a secret hook answers
 */
record PlannedHookJson(
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

  static PlannedHookJson of(PlannedHook hook) {
    long charm = hook.charmGeneration();
    long config = hook.configGeneration();
    return switch (hook) {
      case PlannedHook.Lifecycle h ->
          new PlannedHookJson(h.kind(), null, null, charm, config, null, null, null, null, null);
      case PlannedHook.PebbleReady h ->
          new PlannedHookJson(
              h.kind(),
              h.workload(),
              h.containerStart(),
              charm,
              config,
              null,
              null,
              null,
              null,
              null);
      case PlannedHook.Notice h ->
          new PlannedHookJson(
              h.kind(), h.workload(), null, charm, config, null, null, null, h.notice(), null);
      case PlannedHook.Storage h ->
          new PlannedHookJson(
              h.kind(), null, null, charm, config, h.storage(), null, null, null, null);
      case PlannedHook.Relation h ->
          new PlannedHookJson(
              h.kind(), null, null, charm, config, null, h.relation(), null, null, null);
      case PlannedHook.LeaderSettings h ->
          new PlannedHookJson(
              h.kind(),
              null,
              null,
              charm,
              config,
              null,
              null,
              h.leaderSettingsGeneration(),
              null,
              null);
      case PlannedHook.Secret h ->
          new PlannedHookJson(
              h.kind(), null, null, charm, config, null, null, null, null, h.trigger());
    };
  }

  /** The hook this JSON was written from; which kind it is, its non-null fields tell. */
  PlannedHook hook() {
    if (kind == HookKind.PEBBLE_READY)
      return new PlannedHook.PebbleReady(
          workload, containerStart, charmGeneration, configGeneration);
    if (pebbleNotice != null)
      return new PlannedHook.Notice(pebbleNotice, charmGeneration, configGeneration);
    if (storage != null)
      return new PlannedHook.Storage(kind, storage, charmGeneration, configGeneration);
    if (relation != null)
      return new PlannedHook.Relation(kind, relation, charmGeneration, configGeneration);
    if (secret != null) return new PlannedHook.Secret(secret, charmGeneration, configGeneration);
    if (kind == HookKind.LEADER_SETTINGS_CHANGED && leaderSettingsGeneration != null)
      return new PlannedHook.LeaderSettings(
          leaderSettingsGeneration, charmGeneration, configGeneration);
    return new PlannedHook.Lifecycle(kind, charmGeneration, configGeneration);
  }

  /** Jackson's way in: a hook is written as its flat JSON. */
  static final class FromHook extends StdConverter<PlannedHook, PlannedHookJson> {
    @Override
    public PlannedHookJson convert(PlannedHook hook) {
      return of(hook);
    }
  }

  /** Jackson's way out: flat JSON is read as the hook of its kind. */
  static final class ToHook extends StdConverter<PlannedHookJson, PlannedHook> {
    @Override
    public PlannedHook convert(PlannedHookJson json) {
      return json.hook();
    }
  }
}
