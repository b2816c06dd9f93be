package io.caasoperator.persistence;

import io.caasoperator.domain.CharmInfo;
import io.caasoperator.domain.Life;
import io.caasoperator.domain.Status;
import io.caasoperator.domain.UnitId;
import io.caasoperator.persistence.OperatorEvent.*;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * What the operator knows about its application, rebuilt from its events by {@link #apply}: the
 * single event handler used by the OperatorActor and by replay alike.
 *
 * @param charm the deployed charm (null before the first deployment)
 * @param config the specification's config settings (without the charm's defaults)
 * @param configGeneration 0 before the first specification, then increases with each change
 * @param units every unit not yet removed, with its life
 * @param leader the leader unit, or null
 * @param actions which unit each recent charm action went to, and the last id given
 * @param charmSettings what the charm set for the whole application
 * @param modelUuid the model's identity ({@code JUJU_MODEL_UUID}); null until the operator made one
 *     ({@link ModelIdentified}), as in snapshots written before identities existed
 * @param storageAdded per unit, the storage instances its hooks added ({@code storage-add}) by
 *     storage name, beyond the one each declared storage has
 * @param relations the application's relations, their units and databags
 *     <p>Snapshots of the first version (before actions and identities) and of the second (before
 *     relations) are read as they are, the components they lack taking their empty values in the
 *     compact constructor (see {@code JournalSerializer.JournalTypes.GROWN}).
 */
@StableName("snapshot.OperatorState.v3")
public record OperatorState(
    Status status,
    CharmInfo charm,
    Map<String, Object> config,
    long configGeneration,
    SortedMap<UnitId, Life> units,
    UnitId leader,
    CharmSettings charmSettings,
    ActionIndex actions,
    String modelUuid,
    SortedMap<UnitId, Map<String, Integer>> storageAdded,
    ApplicationRelations relations)
    implements JournalEvent {

  /**
   * The charm actions' ids: the last one given, and the unit of each of the last {@link #KEPT}, so
   * a request for an action by id ({@code GET /v1/actions/{id}}) finds its unit. The action itself
   * (parameters, status, results) is in its unit's journal and state.
   *
   * @param lastId the last id given (0 before the first); ids are never given twice
   * @param units action id to its unit, the newest {@link #KEPT}
   */
  public record ActionIndex(long lastId, SortedMap<Long, UnitId> units) {
    /**
     * How many action ids the operator remembers the unit of; older ones are in the journal only.
     */
    public static final int KEPT = 10_000;

    public static final ActionIndex NONE = new ActionIndex(0, new TreeMap<>());

    public ActionIndex {
      units = Collections.unmodifiableSortedMap(new TreeMap<>(units == null ? Map.of() : units));
    }

    /** The id the next accepted action request gets. */
    public long nextId() {
      return lastId + 1;
    }

    ActionIndex assigned(long id, UnitId unit) {
      TreeMap<Long, UnitId> copy = new TreeMap<>(units);
      copy.put(id, unit);
      while (copy.size() > KEPT) copy.pollFirstEntry();
      return new ActionIndex(Math.max(lastId, id), copy);
    }
  }

  /**
   * What the charm set for the whole application through hook tools.
   *
   * @param status the application status the leader set, or null
   * @param leaderSettings {@code leader-set} values
   * @param leaderSettingsGeneration increases with every change of them
   * @param workloadVersion {@code application-version-set}, or empty
   */
  public record CharmSettings(
      Status status,
      Map<String, String> leaderSettings,
      long leaderSettingsGeneration,
      String workloadVersion) {
    public static final CharmSettings EMPTY = new CharmSettings(null, Map.of(), 0, "");

    public CharmSettings {
      leaderSettings = Map.copyOf(leaderSettings);
    }

    CharmSettings apply(OperatorEvent event) {
      return switch (event) {
        case CharmApplicationStatusSet e ->
            new CharmSettings(
                e.status(), leaderSettings, leaderSettingsGeneration, workloadVersion);
        case LeaderSettingsChanged e -> {
          TreeMap<String, String> copy = new TreeMap<>(leaderSettings);
          e.changes()
              .forEach(
                  (k, v) -> {
                    if (v == null || v.isEmpty()) copy.remove(k);
                    else copy.put(k, v);
                  });
          yield new CharmSettings(status, copy, leaderSettingsGeneration + 1, workloadVersion);
        }
        case WorkloadVersionSet e ->
            new CharmSettings(status, leaderSettings, leaderSettingsGeneration, e.version());
        default -> this;
      };
    }
  }

  public OperatorState {
    // snapshots written before a field existed read it as null: give it its empty value
    charmSettings = charmSettings == null ? CharmSettings.EMPTY : charmSettings;
    actions = actions == null ? ActionIndex.NONE : actions;
    config = Collections.unmodifiableMap(new LinkedHashMap<>(config));
    units = Collections.unmodifiableSortedMap(new TreeMap<>(units));
    storageAdded =
        storageAdded == null
            ? Collections.emptySortedMap()
            : Collections.unmodifiableSortedMap(new TreeMap<>(storageAdded));
    relations = relations == null ? ApplicationRelations.NONE : relations;
  }

  /**
   * How many instances of the charm's storage {@code name} the unit has: one, plus those it added.
   */
  public int storageCount(UnitId unit, String name) {
    return 1 + storageAdded.getOrDefault(unit, Map.of()).getOrDefault(name, 0);
  }

  public static OperatorState initial() {
    return new OperatorState(
        Status.of("waiting", "waiting for the specification", Instant.EPOCH),
        null,
        Map.of(),
        0,
        new TreeMap<>(),
        null,
        CharmSettings.EMPTY,
        ActionIndex.NONE,
        null,
        new TreeMap<>(),
        ApplicationRelations.NONE);
  }

  public long charmGeneration() {
    return charm == null ? 0 : charm.generation();
  }

  public OperatorState apply(OperatorEvent event) {
    return switch (event) {
      case ApplicationStatusChanged e -> with(c -> c.status = e.status());
      case CharmDeployed e -> with(c -> c.charm = e.charm());
      case ConfigChanged e ->
          with(
              c -> {
                c.config = e.settings();
                c.configGeneration = e.generation();
              });
      case UnitAdded e -> withUnits(put(e.unit(), Life.ALIVE));
      case UnitLifeChanged e -> withUnits(put(e.unit(), e.life()));
      case UnitsUpdated e -> {
        TreeMap<UnitId, Life> lives = new TreeMap<>(units);
        lives.putAll(e.lives());
        yield withUnits(lives);
      }
      case UnitRemoved e -> {
        TreeMap<UnitId, Life> lives = new TreeMap<>(units);
        lives.remove(e.unit());
        TreeMap<UnitId, Map<String, Integer>> storage = new TreeMap<>(storageAdded);
        storage.remove(e.unit());
        yield with(
            c -> {
              c.units = lives;
              c.leader = e.unit().equals(leader) ? null : leader;
              c.storageAdded = storage;
            });
      }
      case LeaderElected e -> with(c -> c.leader = e.unit());
      case CharmApplicationStatusSet e -> withCharmSettings(charmSettings.apply(e));
      case LeaderSettingsChanged e -> withCharmSettings(charmSettings.apply(e));
      case WorkloadVersionSet e -> withCharmSettings(charmSettings.apply(e));
      case StorageAdded e -> {
        TreeMap<UnitId, Map<String, Integer>> storage = new TreeMap<>(storageAdded);
        Map<String, Integer> counts = new TreeMap<>(storage.getOrDefault(e.unit(), Map.of()));
        counts.merge(e.storage(), e.count(), Integer::sum);
        storage.put(e.unit(), Map.copyOf(counts));
        yield with(c -> c.storageAdded = storage);
      }
      case ActionIdAssigned e -> with(c -> c.actions = actions.assigned(e.id(), e.unit()));
      case RelationChange e -> with(c -> c.relations = relations.apply(e));
      case ModelIdentified e -> with(c -> c.modelUuid = e.uuid());
    };
  }

  private TreeMap<UnitId, Life> put(UnitId unit, Life life) {
    TreeMap<UnitId, Life> copy = new TreeMap<>(units);
    copy.put(unit, life);
    return copy;
  }

  private OperatorState withUnits(SortedMap<UnitId, Life> newUnits) {
    return with(c -> c.units = newUnits);
  }

  private OperatorState withCharmSettings(CharmSettings settings) {
    return with(c -> c.charmSettings = settings);
  }

  /** A copy with what {@code change} assigns: each event names only the fields it changes. */
  private OperatorState with(Consumer<Changed> change) {
    Changed c = new Changed(this);
    change.accept(c);
    return new OperatorState(
        c.status,
        c.charm,
        c.config,
        c.configGeneration,
        c.units,
        c.leader,
        c.charmSettings,
        c.actions,
        c.modelUuid,
        c.storageAdded,
        c.relations);
  }

  /** The fields of a state being changed; never persisted (only the record is). */
  private static final class Changed {
    Status status;
    CharmInfo charm;
    Map<String, Object> config;
    long configGeneration;
    SortedMap<UnitId, Life> units;
    UnitId leader;
    CharmSettings charmSettings;
    ActionIndex actions;
    String modelUuid;
    SortedMap<UnitId, Map<String, Integer>> storageAdded;
    ApplicationRelations relations;

    Changed(OperatorState from) {
      status = from.status;
      charm = from.charm;
      config = from.config;
      configGeneration = from.configGeneration;
      units = from.units;
      leader = from.leader;
      charmSettings = from.charmSettings;
      actions = from.actions;
      modelUuid = from.modelUuid;
      storageAdded = from.storageAdded;
      relations = from.relations;
    }
  }
}
