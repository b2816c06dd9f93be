package io.caasoperator.persistence;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * A unit's relations, as Juju's uniter keeps them ({@code worker/uniter/relation/statetracker.go},
 * {@code state.go}): what the operator says each relation holds now ({@link #remote}), what the
 * unit's completed hooks have seen of it ({@link #local}), and the unit's own databag writes
 * ({@link #written}). The hooks a unit runs are the difference between remote and local, decided by
 * its resolver; a completed relation hook moves local forward in the same event that ends it, so a
 * restart neither loses nor repeats one.
 *
 * @param remote by relation id: its members (other units) and databag versions, as last assigned
 * @param local by relation id: what the unit's hooks have seen
 * @param written by relation id: the unit's own databags as its completed hooks left them
 */
public record UnitRelations(
    SortedMap<Long, RelationSnapshot> remote,
    SortedMap<Long, LocalRelation> local,
    SortedMap<Long, OwnSettings> written) {

  public static final UnitRelations NONE =
      new UnitRelations(new TreeMap<>(), new TreeMap<>(), new TreeMap<>());

  public UnitRelations {
    remote = frozen(remote);
    local = frozen(local);
    written = frozen(written);
  }

  /**
   * A relation as the operator sees it, for one unit.
   *
   * @param members the other units in the relation's scope, each with its databag's change version
   * @param applicationVersion the change version of the application's databag
   * @param applicationWrittenHere this unit made the last change of the application databag: it
   *     gets no relation-changed for its own write
   * @param crossApplication a relation with another application: {@code members} are its units,
   *     {@code applicationVersion} its application databag's; it is broken when it ends (false: a
   *     peer relation, never broken, as every relation of a snapshot written before)
   * @param removed the relation is being removed: the unit departs everyone and breaks it
   */
  public record RelationSnapshot(
      long id,
      String endpoint,
      String remoteApplication,
      SortedMap<String, Long> members,
      long applicationVersion,
      boolean applicationWrittenHere,
      boolean crossApplication,
      boolean removed) {
    public RelationSnapshot {
      members = frozen(members);
    }

    /** A peer relation that is not being removed. */
    public RelationSnapshot(
        long id,
        String endpoint,
        String remoteApplication,
        SortedMap<String, Long> members,
        long applicationVersion,
        boolean applicationWrittenHere) {
      this(
          id,
          endpoint,
          remoteApplication,
          members,
          applicationVersion,
          applicationWrittenHere,
          false,
          false);
    }
  }

  /**
   * What the unit's completed hooks have seen of a relation (Juju's {@code relation.State}).
   *
   * @param created its relation-created hook ran
   * @param members the remote units joined, with the change version last seen of each
   * @param applicationVersion the application databag's version last seen
   * @param changedPending the unit whose relation-joined ran and whose relation-changed must follow
   *     next (empty: none)
   */
  public record LocalRelation(
      boolean created,
      SortedMap<String, Long> members,
      long applicationVersion,
      String changedPending) {
    static final LocalRelation NEW = new LocalRelation(false, new TreeMap<>(), 0, "");

    public LocalRelation {
      members = frozen(members);
      changedPending = changedPending == null ? "" : changedPending;
    }

    LocalRelation after(PlannedHook.Relation hook) {
      RelationHook r = hook.relation();
      TreeMap<String, Long> m = new TreeMap<>(members);
      return switch (hook.kind()) {
        case RELATION_CREATED -> new LocalRelation(true, m, applicationVersion, changedPending);
        case RELATION_JOINED -> {
          m.put(r.remoteUnit(), r.version());
          yield new LocalRelation(created, m, applicationVersion, r.remoteUnit());
        }
        case RELATION_CHANGED -> {
          if (r.remoteUnit().isEmpty())
            yield new LocalRelation(created, m, r.version(), changedPending);
          if (m.containsKey(r.remoteUnit())) m.put(r.remoteUnit(), r.version());
          yield new LocalRelation(
              created,
              m,
              applicationVersion,
              changedPending.equals(r.remoteUnit()) ? "" : changedPending);
        }
        case RELATION_DEPARTED -> {
          m.remove(r.remoteUnit());
          yield new LocalRelation(
              created,
              m,
              applicationVersion,
              changedPending.equals(r.remoteUnit()) ? "" : changedPending);
        }
        // the relation is gone for the unit: UnitRelations drops it
        case RELATION_BROKEN -> NEW;
        // no other kind gets here: only relation hooks are planned as PlannedHook.Relation
        default -> this;
      };
    }
  }

  /**
   * The unit's own databags of a relation after its writes, numbered so the operator applies each
   * write once, whenever it hears of it (level-triggered: a unit reports its state after every
   * change and after every restart).
   *
   * @param sequence how many hooks wrote to this relation's databags
   * @param unit the unit's databag as of its last write (null: never written)
   * @param unitSequence the write that last changed {@code unit}
   * @param application the application's databag as this unit (the leader) last wrote it (null:
   *     never)
   * @param applicationSequence the write that last changed {@code application}
   */
  public record OwnSettings(
      long sequence,
      Map<String, String> unit,
      long unitSequence,
      Map<String, String> application,
      long applicationSequence) {
    static final OwnSettings NONE = new OwnSettings(0, null, 0, null, 0);

    public OwnSettings {
      unit = unit == null ? null : Map.copyOf(unit);
      application = application == null ? null : Map.copyOf(application);
    }

    OwnSettings with(UnitEvent.RelationSettingsWritten e) {
      long next = sequence + 1;
      return new OwnSettings(
          next,
          e.unitSettings() != null ? e.unitSettings() : unit,
          e.unitSettings() != null ? next : unitSequence,
          e.applicationSettings() != null ? e.applicationSettings() : application,
          e.applicationSettings() != null ? next : applicationSequence);
    }
  }

  /**
   * What the operator says the relations hold now; local progress of relations no longer there is
   * dropped.
   */
  UnitRelations assigned(List<RelationSnapshot> relations) {
    TreeMap<Long, RelationSnapshot> r = new TreeMap<>();
    for (RelationSnapshot snapshot : relations) r.put(snapshot.id(), snapshot);
    return new UnitRelations(r, local, written);
  }

  /**
   * A completed relation hook moves what the unit has seen forward; after relation-broken the unit
   * no longer has the relation (Juju removes its state): its snapshot, still listed while the
   * relation is being removed, names no hook for a relation the unit has not seen created.
   */
  UnitRelations after(PlannedHook hook) {
    if (!(hook instanceof PlannedHook.Relation relationHook)) return this;
    long id = relationHook.relation().relationId();
    TreeMap<Long, LocalRelation> l = new TreeMap<>(local);
    if (hook.kind() == HookKind.RELATION_BROKEN) {
      l.remove(id);
      return new UnitRelations(remote, l, written);
    }
    l.put(id, local(id).after(relationHook));
    return new UnitRelations(remote, l, written);
  }

  UnitRelations written(UnitEvent.RelationSettingsWritten e) {
    TreeMap<Long, OwnSettings> w = new TreeMap<>(written);
    w.put(e.relationId(), written.getOrDefault(e.relationId(), OwnSettings.NONE).with(e));
    return new UnitRelations(remote, local, w);
  }

  /**
   * What the unit's hooks have seen of relation {@code id} (nothing yet when they have not run).
   */
  public LocalRelation local(long id) {
    return local.getOrDefault(id, LocalRelation.NEW);
  }

  private static <K, V> SortedMap<K, V> frozen(Map<K, V> map) {
    return Collections.unmodifiableSortedMap(new TreeMap<>(map == null ? Map.of() : map));
  }
}
