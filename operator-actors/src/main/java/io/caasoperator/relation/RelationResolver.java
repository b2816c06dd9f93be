package io.caasoperator.relation;

import io.caasoperator.domain.Life;
import io.caasoperator.persistence.HookKind;
import io.caasoperator.persistence.PlannedHook;
import io.caasoperator.persistence.RelationHook;
import io.caasoperator.persistence.UnitRelations;
import io.caasoperator.persistence.UnitRelations.LocalRelation;
import io.caasoperator.persistence.UnitRelations.RelationSnapshot;
import io.caasoperator.persistence.UnitState;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * The next relation hook of a unit, from what the operator says its relations hold and what the
 * unit's completed hooks have seen, as Juju's relation resolvers decide it ({@code
 * internal/worker/uniter/relation/resolver.go}): relation-created once per relation after install;
 * then per relation, in id order: the relation-changed owed to a unit just joined ({@code
 * ChangedPending}), relation-departed for units no longer in scope, relation-changed for the
 * application's databag, relation-joined for units new in scope, relation-changed for units whose
 * databag changed; units in name order. A dying unit departs every unit it joined, naming itself as
 * the departing unit; a relation being removed departs every unit joined, each naming itself. Then
 * a relation with another application is broken ({@code relation-broken}, {@code JUJU_REMOTE_APP}
 * the other application, no remote unit), after which the unit no longer has it; peer relations are
 * never broken ("since you cannot depart peer relations", {@code nextHookForRelation}). In a
 * relation with another application the members are that application's units and the application
 * databag is that application's. Pure.
 */
public final class RelationResolver {
  private RelationResolver() {}

  /**
   * The first relation whose relation-created has not run: installed, alive units and relations not
   * being removed only (Juju's {@code createdRelationsResolver} skips a relation that is not alive:
   * a unit that never saw it created neither departs nor breaks it).
   */
  public static Optional<PlannedHook> created(UnitState s) {
    if (s.life() != Life.ALIVE) return Optional.empty();
    for (RelationSnapshot remote : s.relations().remote().values()) {
      if (!remote.removed() && !s.relations().local(remote.id()).created()) {
        return hook(s, HookKind.RELATION_CREATED, remote, "", remote.remoteApplication(), "", 0);
      }
    }
    return Optional.empty();
  }

  /**
   * A dying unit's departures from every unit it joined (and a relation-changed still owed to a
   * unit just joined), before its storage detaches and it stops: Juju's dying unit asks its
   * relation resolver first ("if we're dying we must ensure that all relations are broken first",
   * {@code internal/worker/uniter/resolver.go}). None once it stopped.
   */
  public static Optional<PlannedHook> departures(UnitState s) {
    if (s.life() != Life.DYING || s.progress().stopped()) return Optional.empty();
    return changes(s);
  }

  /**
   * The next joined, changed or departed hook, if any. Relations the unit has not seen created yet
   * wait for their relation-created.
   */
  public static Optional<PlannedHook> changes(UnitState s) {
    UnitRelations relations = s.relations();
    TreeSet<Long> ids = new TreeSet<>(relations.remote().keySet());
    ids.addAll(relations.local().keySet());
    for (long id : ids) {
      RelationSnapshot remote = relations.remote().get(id);
      LocalRelation local = relations.local(id);
      if (remote == null || !local.created()) continue;
      Optional<PlannedHook> hook = changes(s, remote, local);
      if (hook.isPresent()) return hook;
    }
    return Optional.empty();
  }

  private static Optional<PlannedHook> changes(
      UnitState s, RelationSnapshot remote, LocalRelation local) {
    String app = remote.remoteApplication();
    boolean alive = s.life() == Life.ALIVE;
    // Juju's remoteBroken: a dying unit, or a relation being removed, sees nobody in scope: it
    // departs everyone it joined, then breaks the relation
    boolean broken = !alive || remote.removed();
    Map<String, Long> members = broken ? Map.of() : remote.members();
    if (!local.changedPending().isEmpty()) {
      String unit = local.changedPending();
      return hook(
          s,
          HookKind.RELATION_CHANGED,
          remote,
          unit,
          app,
          "",
          members.getOrDefault(unit, local.members().getOrDefault(unit, 0L)));
    }
    for (var joined : local.members().entrySet()) {
      if (!members.containsKey(joined.getKey())) {
        String departing = alive ? joined.getKey() : s.unit().name();
        return hook(
            s,
            HookKind.RELATION_DEPARTED,
            remote,
            joined.getKey(),
            app,
            departing,
            joined.getValue());
      }
    }
    if (broken) {
      return remote.crossApplication()
          ? hook(s, HookKind.RELATION_BROKEN, remote, "", app, "", 0)
          : Optional.empty();
    }
    // Juju runs no hook for an application databag nobody wrote (version 0), nor for the unit's own
    // write
    if (remote.applicationVersion() != local.applicationVersion()
        && !remote.applicationWrittenHere()) {
      return hook(s, HookKind.RELATION_CHANGED, remote, "", app, "", remote.applicationVersion());
    }
    for (var member : members.entrySet()) {
      if (!local.members().containsKey(member.getKey())) {
        return hook(
            s, HookKind.RELATION_JOINED, remote, member.getKey(), app, "", member.getValue());
      }
    }
    for (var member : members.entrySet()) {
      if (!member.getValue().equals(local.members().get(member.getKey()))) {
        return hook(
            s, HookKind.RELATION_CHANGED, remote, member.getKey(), app, "", member.getValue());
      }
    }
    return Optional.empty();
  }

  private static Optional<PlannedHook> hook(
      UnitState s,
      HookKind kind,
      RelationSnapshot remote,
      String unit,
      String app,
      String departing,
      long version) {
    RelationHook relation =
        new RelationHook(remote.id(), remote.endpoint(), unit, app, departing, version);
    return Optional.of(
        PlannedHook.relation(
            kind, relation, s.charmInUse().generation(), s.assigned().configGeneration()));
  }
}
