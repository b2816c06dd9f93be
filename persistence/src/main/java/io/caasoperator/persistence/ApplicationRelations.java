package io.caasoperator.persistence;

import io.caasoperator.persistence.OperatorEvent.ApplicationsRelated;
import io.caasoperator.persistence.OperatorEvent.RelationCreated;
import io.caasoperator.persistence.OperatorEvent.RelationRemoved;
import io.caasoperator.persistence.OperatorEvent.RelationSettingsChanged;
import io.caasoperator.persistence.OperatorEvent.RelationUnitEntered;
import io.caasoperator.persistence.OperatorEvent.RelationUnitLeft;
import io.caasoperator.persistence.OperatorEvent.RemoteRelationChanged;
import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * The application's relations, kept by the operator: each relation's units in scope and its
 * databags, each with the change version the units' resolvers compare: peer relations, and
 * relations with other applications, whose other side (its units in scope, their databags and its
 * application databag) the model hands over and the operator records as observed.
 *
 * @param lastId the last relation id given (-1 before the first: Juju's ids start at 0)
 * @param byId the relations by id
 */
public record ApplicationRelations(long lastId, SortedMap<Long, Relation> byId) {
  public static final ApplicationRelations NONE = new ApplicationRelations(-1, new TreeMap<>());

  public ApplicationRelations {
    byId = Collections.unmodifiableSortedMap(new TreeMap<>(byId == null ? Map.of() : byId));
  }

  /** One databag: settings and the change version of their last change. */
  public record Databag(Map<String, String> settings, long version) {
    public static final Databag EMPTY = new Databag(Map.of(), 0);

    public Databag {
      settings =
          Collections.unmodifiableSortedMap(new TreeMap<>(settings == null ? Map.of() : settings));
    }
  }

  /**
   * One relation.
   *
   * @param id unique within the model, never given twice ({@code JUJU_RELATION_ID} is {@code
   *     endpoint:id})
   * @param endpoint the charm's relation name
   * @param interfaceName the relation's interface, from the charm's metadata
   * @param remoteApplication the application at the other end: this application for a peer relation
   * @param changes counts every change; each databag's version is the count at its last change, so
   *     a unit that leaves and enters again never reuses a version
   * @param units this application's units in the relation's scope, by name, each with its databag
   * @param application this application's databag (written by the leader)
   * @param applicationWriter the unit that changed the application's databag last (empty: none)
   * @param appliedWrites by unit, the last of its writes ({@link
   *     UnitRelations.OwnSettings#sequence}) applied here
   * @param departedUnits the databags of units that left the scope (this application's and, in a
   *     relation between applications, the other's): still readable for the lifetime of the
   *     relation, as Juju keeps them (relation-get's doc), by the departing unit's own hooks too
   * @param crossApplication a relation with another application (false: a peer relation, as every
   *     relation journaled before relations between applications existed)
   * @param remoteEndpoint the other application's endpoint (empty for a peer relation)
   * @param remoteUnits the other application's units in scope, with their databags, as its side was
   *     last observed ({@link OperatorEvent.RemoteRelationChanged})
   * @param remoteApplicationBag the other application's databag, as last observed
   * @param removed the relation is being removed (no longer declared): units depart and break it
   */
  public record Relation(
      long id,
      String endpoint,
      String interfaceName,
      String remoteApplication,
      long changes,
      SortedMap<String, Databag> units,
      Databag application,
      String applicationWriter,
      Map<String, Long> appliedWrites,
      SortedMap<String, Databag> departedUnits,
      boolean crossApplication,
      String remoteEndpoint,
      SortedMap<String, Databag> remoteUnits,
      Databag remoteApplicationBag,
      boolean removed) {
    public Relation {
      units = sorted(units);
      departedUnits = sorted(departedUnits);
      remoteUnits = sorted(remoteUnits);
      application = application == null ? Databag.EMPTY : application;
      remoteApplicationBag = remoteApplicationBag == null ? Databag.EMPTY : remoteApplicationBag;
      applicationWriter = applicationWriter == null ? "" : applicationWriter;
      remoteEndpoint = remoteEndpoint == null ? "" : remoteEndpoint;
      appliedWrites = Map.copyOf(appliedWrites == null ? Map.of() : appliedWrites);
    }

    /** {@code endpoint:id}, as Juju prints relation ids. */
    public String key() {
      return endpoint + ":" + id;
    }

    /**
     * A new relation: no unit in scope, every databag empty; with another application at its {@code
     * remoteEndpoint} when {@code crossApplication}.
     */
    static Relation created(
        long id,
        String endpoint,
        String interfaceName,
        String remoteApplication,
        boolean crossApplication,
        String remoteEndpoint) {
      return new Relation(
          id,
          endpoint,
          interfaceName,
          remoteApplication,
          0,
          null,
          null,
          null,
          null,
          null,
          crossApplication,
          remoteEndpoint,
          null,
          null,
          false);
    }

    Relation entered(String unit, Map<String, String> settings) {
      TreeMap<String, Databag> u = new TreeMap<>(units);
      u.put(unit, new Databag(settings, changes + 1));
      TreeMap<String, Long> applied = new TreeMap<>(appliedWrites);
      applied.remove(unit); // a unit that enters again counts its writes from the start
      TreeMap<String, Databag> departed = new TreeMap<>(departedUnits);
      departed.remove(unit);
      return with(
          r -> {
            r.changes = changes + 1;
            r.units = u;
            r.appliedWrites = applied;
            r.departedUnits = departed;
          });
    }

    Relation left(String unit) {
      TreeMap<String, Databag> u = new TreeMap<>(units);
      Databag bag = u.remove(unit);
      TreeMap<String, Databag> departed = new TreeMap<>(departedUnits);
      if (bag != null) departed.put(unit, bag);
      return with(
          r -> {
            r.units = u;
            r.departedUnits = departed;
          });
    }

    Relation written(RelationSettingsChanged e) {
      return with(
          r -> {
            if (e.unitSettings() != null && units.containsKey(e.unit().name())) {
              TreeMap<String, Databag> u = new TreeMap<>(units);
              u.put(e.unit().name(), new Databag(e.unitSettings(), ++r.changes));
              r.units = u;
            }
            if (e.applicationSettings() != null) {
              r.application = new Databag(e.applicationSettings(), ++r.changes);
              r.applicationWriter = e.unit().name();
            }
            TreeMap<String, Long> applied = new TreeMap<>(appliedWrites);
            applied.put(e.unit().name(), e.sequence());
            r.appliedWrites = applied;
          });
    }

    /**
     * The other application's side as now observed: each databag that changed (or is new) gets the
     * next change version, so its units' resolvers see every change; units no longer there leave,
     * their databags kept readable with the departed ones.
     */
    Relation remoteChanged(RemoteRelationChanged e) {
      return with(
          r -> {
            TreeMap<String, Databag> remote = new TreeMap<>();
            TreeMap<String, Databag> departed = new TreeMap<>(departedUnits);
            for (var unit : new TreeMap<>(e.units()).entrySet()) {
              Databag known = remoteUnits.get(unit.getKey());
              Map<String, String> settings = unit.getValue() == null ? Map.of() : unit.getValue();
              remote.put(
                  unit.getKey(),
                  known != null && known.settings().equals(new TreeMap<>(settings))
                      ? known
                      : new Databag(settings, ++r.changes));
              departed.remove(unit.getKey());
            }
            remoteUnits.forEach(
                (name, bag) -> {
                  if (!remote.containsKey(name)) departed.put(name, bag);
                });
            Map<String, String> appSettings =
                e.applicationSettings() == null ? Map.of() : e.applicationSettings();
            if (!remoteApplicationBag.settings().equals(new TreeMap<>(appSettings)))
              r.remoteApplicationBag = new Databag(appSettings, ++r.changes);
            r.remoteUnits = remote;
            r.departedUnits = departed;
          });
    }

    Relation asRemoved() {
      return with(r -> r.removed = true);
    }

    /** A copy with what {@code change} assigns: the scope and databags; the identity stays. */
    private Relation with(Consumer<Changed> change) {
      Changed r = new Changed();
      change.accept(r);
      return new Relation(
          id,
          endpoint,
          interfaceName,
          remoteApplication,
          r.changes,
          r.units,
          r.application,
          r.applicationWriter,
          r.appliedWrites,
          r.departedUnits,
          crossApplication,
          remoteEndpoint,
          r.remoteUnits,
          r.remoteApplicationBag,
          r.removed);
    }

    /** The scope and databags being changed, each starting as it is; never persisted. */
    private final class Changed {
      long changes = changes();
      SortedMap<String, Databag> units = units();
      Databag application = application();
      String applicationWriter = applicationWriter();
      Map<String, Long> appliedWrites = appliedWrites();
      SortedMap<String, Databag> departedUnits = departedUnits();
      SortedMap<String, Databag> remoteUnits = remoteUnits();
      Databag remoteApplicationBag = remoteApplicationBag();
      boolean removed = removed();
    }
  }

  private static <V> SortedMap<String, V> sorted(Map<String, V> map) {
    return Collections.unmodifiableSortedMap(new TreeMap<>(map == null ? Map.of() : map));
  }

  /** The relation of charm relation name {@code endpoint}, if there is one. */
  public Optional<Relation> byEndpoint(String endpoint) {
    return byId.values().stream().filter(r -> r.endpoint().equals(endpoint)).findFirst();
  }

  ApplicationRelations apply(OperatorEvent.RelationChange event) {
    return switch (event) {
      case RelationCreated e ->
          created(
              Relation.created(
                  e.id(), e.endpoint(), e.interfaceName(), e.remoteApplication(), false, ""));
      case ApplicationsRelated e ->
          created(
              Relation.created(
                  e.id(),
                  e.endpoint(),
                  e.interfaceName(),
                  e.remoteApplication(),
                  true,
                  e.remoteEndpoint()));
      case RelationUnitEntered e -> with(e.id(), r -> r.entered(e.unit().name(), e.settings()));
      case RemoteRelationChanged e -> with(e.id(), r -> r.remoteChanged(e));
      case RelationRemoved e -> with(e.id(), Relation::asRemoved);
      case RelationUnitLeft e -> with(e.id(), r -> r.left(e.unit().name()));
      case RelationSettingsChanged e -> with(e.id(), r -> r.written(e));
    };
  }

  private ApplicationRelations created(Relation relation) {
    TreeMap<Long, Relation> r = new TreeMap<>(byId);
    r.put(relation.id(), relation);
    return new ApplicationRelations(Math.max(lastId, relation.id()), r);
  }

  private ApplicationRelations with(long id, java.util.function.UnaryOperator<Relation> change) {
    Relation relation = byId.get(id);
    if (relation == null) return this;
    TreeMap<Long, Relation> r = new TreeMap<>(byId);
    r.put(id, change.apply(relation));
    return new ApplicationRelations(lastId, r);
  }
}
