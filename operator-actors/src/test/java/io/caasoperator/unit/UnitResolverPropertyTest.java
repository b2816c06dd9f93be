package io.caasoperator.unit;

import static io.caasoperator.unit.UnitStates.UNIT;
import static io.caasoperator.unit.UnitStates.charm;

import io.caasoperator.domain.Life;
import io.caasoperator.persistence.HookKind;
import io.caasoperator.persistence.PlannedHook;
import io.caasoperator.persistence.RelationHook;
import io.caasoperator.persistence.UnitEvent;
import io.caasoperator.persistence.UnitEvent.*;
import io.caasoperator.persistence.UnitRelations.RelationSnapshot;
import io.caasoperator.persistence.UnitState;
import io.caasoperator.persistence.secret.SecretOwner;
import io.caasoperator.persistence.secret.SecretTrigger;
import io.caasoperator.unit.UnitScript.Step;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Juju's hook-ordering invariants, checked over random interleavings of scale, leadership, config,
 * relation and secret events ({@link UnitScript}) driven through the composed {@link UnitResolver},
 * each planned hook's end applied as the unit's actor applies it:
 *
 * <ul>
 *   <li>no hook before {@code install};
 *   <li>{@code start} once per incarnation (a revived unit is a new one);
 *   <li>nothing after {@code remove} (nor after a unit that was never installed died), {@code
 *       remove} only after {@code stop}, and no {@code install} for a dying unit;
 *   <li>no relation hook for a unit that has left: {@code relation-joined} only for a unit in the
 *       relation, {@code relation-changed} only for one in it or the one whose joined just ran,
 *       {@code relation-departed} only for a unit joined that left (or for all, when dying);
 *   <li>each completed hook never planned again (update-status runs on each interval, and
 *       leader-elected on each election: those are new hooks);
 *   <li>the unit settles: with nothing more happening it runs out of hooks, and an alive unit has
 *       then joined exactly the units in each of its relations.
 * </ul>
 *
 * <p>Seeded: the same scripts run every time. A longer run with other seeds is one command:
 *
 * <pre>
 * mvn -B -pl operator-actors -am test -Dtest=UnitResolverPropertyTest \
 *     -Dsurefire.failIfNoSpecifiedTests=false -Dunit-resolver.tries=20000 -Dunit-resolver.seed=1
 * </pre>
 */
class UnitResolverPropertyTest {
  /** How many scripts the suite runs: a few seconds' worth. */
  private static final int TRIES = Integer.getInteger("unit-resolver.tries", 200);

  private static final long FIRST_SEED = Long.getLong("unit-resolver.seed", 20261127L);

  @Test
  void jujusHookOrderingInvariantsHoldForEveryInterleaving() {
    new SeededProperty<>(UnitScript::generate, script -> new Run().play(script))
        .check(TRIES, FIRST_SEED);
  }

  /** What the operator says the unit's world is: its relations, leadership, config. */
  private static final class World {
    record Relation(
        String endpoint,
        String application,
        TreeMap<String, Long> members,
        long applicationVersion) {}

    final TreeMap<Long, Relation> relations = new TreeMap<>();
    boolean leader;
    long config = 1;
    long leaderSettings;

    /** Databag versions, secret and container-start ids: each new one is new for good. */
    long counter;

    World() {
      relations.put(1L, new Relation("cluster", "a", new TreeMap<>(), 0));
    }

    Map<String, Long> members(long relation) {
      Relation r = relations.get(relation);
      return r == null ? Map.of() : r.members();
    }

    List<RelationSnapshot> snapshots() {
      List<RelationSnapshot> list = new ArrayList<>();
      relations.forEach(
          (id, r) ->
              list.add(
                  new RelationSnapshot(
                      id,
                      r.endpoint(),
                      r.application(),
                      r.members(),
                      r.applicationVersion(),
                      false)));
      return list;
    }
  }

  /** One script played against a new unit, with what the invariants need to know so far. */
  private static final class Run {
    private final World world = new World();
    private UnitState unit;
    private final List<String> trace = new ArrayList<>();

    // this incarnation of the unit, as its completed hooks tell it
    private boolean installed;
    private boolean stopped;
    private boolean gone;
    private int starts;
    private final Set<PlannedHook> completed = new HashSet<>();

    /** By relation: the units joined and not departed since. */
    private final Map<Long, Set<String>> joined = new HashMap<>();

    /** By relation: the unit whose joined ran and whose changed is owed. */
    private final Map<Long, String> owed = new HashMap<>();

    Run() {
      unit = UnitState.initial(UNIT);
      assignEverything();
    }

    /** What the script breaks, if anything. */
    Optional<String> play(List<Step> script) {
      try {
        for (Step step : script) {
          Optional<String> broken = take(step);
          if (broken.isPresent()) return report(broken.get());
        }
        return settle().flatMap(this::report);
      } catch (RuntimeException e) {
        return report("the resolver threw " + e);
      }
    }

    private Optional<String> settle() {
      for (int i = 0; i < 300; i++) {
        if (UnitResolver.next(unit, new UnitResolver.Activity(false, false, false, true, false))
            instanceof UnitResolver.Next.Wait) {
          return unit.life() == Life.ALIVE && installed ? heardEveryone() : Optional.empty();
        }
        Optional<String> broken = take(new Step.Next(UnitScript.Outcome.COMPLETED, false, true));
        if (broken.isPresent()) return broken;
      }
      return Optional.of("the unit never runs out of hooks");
    }

    private Optional<String> heardEveryone() {
      for (long relation : world.relations.keySet()) {
        Set<String> heard = joined.getOrDefault(relation, Set.of());
        if (!heard.equals(world.members(relation).keySet()))
          return Optional.of(
              "settled having joined "
                  + heard
                  + " of relation "
                  + relation
                  + " whose units are "
                  + world.members(relation).keySet());
      }
      return Optional.empty();
    }

    private Optional<String> report(String violation) {
      return Optional.of(violation + "\nwhat the unit did: " + trace);
    }

    private void apply(UnitEvent event) {
      unit = unit.apply(event);
    }

    private Instant next() {
      return Instant.ofEpochSecond(++world.counter);
    }

    private void assignEverything() {
      apply(new CharmAssigned(charm(1), UnitStates.AT));
      apply(new ConfigAssigned(world.config, UnitStates.AT));
      apply(new LeadershipAssigned(world.leader, UnitStates.AT));
      apply(new LeaderSettingsAssigned(world.leaderSettings, UnitStates.AT));
      apply(new RelationsAssigned(world.snapshots(), UnitStates.AT));
    }

    private Optional<String> take(Step step) {
      switch (step) {
        case Step.Join join -> {
          var r = world.relations.get(join.relation());
          if (r != null && !r.members().containsKey(join.unit())) {
            r.members().put(join.unit(), ++world.counter);
            apply(new RelationsAssigned(world.snapshots(), UnitStates.AT));
          }
        }
        case Step.Leave leave -> {
          if (world.relations.containsKey(leave.relation())
              && world.relations.get(leave.relation()).members().remove(leave.unit()) != null)
            apply(new RelationsAssigned(world.snapshots(), UnitStates.AT));
        }
        case Step.Write write -> {
          var r = world.relations.get(write.relation());
          if (r != null && r.members().containsKey(write.unit())) {
            r.members().put(write.unit(), ++world.counter);
            apply(new RelationsAssigned(world.snapshots(), UnitStates.AT));
          }
        }
        case Step.ApplicationWrite write -> {
          var r = world.relations.get(write.relation());
          if (r != null) {
            world.relations.put(
                write.relation(),
                new World.Relation(r.endpoint(), r.application(), r.members(), ++world.counter));
            apply(new RelationsAssigned(world.snapshots(), UnitStates.AT));
          }
        }
        case Step.Relate relate -> {
          if (!world.relations.containsKey(2L)) {
            world.relations.put(2L, new World.Relation("db", "b", new TreeMap<>(), 0));
            apply(new RelationsAssigned(world.snapshots(), UnitStates.AT));
          }
        }
        case Step.Lead lead -> {
          // each election is a new leader-elected
          if (lead.leader() && !world.leader)
            completed.removeIf(hook -> hook.kind() == HookKind.LEADER_ELECTED);
          world.leader = lead.leader();
          apply(new LeadershipAssigned(lead.leader(), UnitStates.AT));
        }
        case Step.ConfigChange change -> apply(new ConfigAssigned(++world.config, UnitStates.AT));
        case Step.LeaderSet set ->
            apply(new LeaderSettingsAssigned(++world.leaderSettings, UnitStates.AT));
        case Step.SecretDue due -> {
          SecretOwner owner =
              due.ofApplication() ? SecretOwner.application("a") : SecretOwner.unit(UNIT.name());
          Instant at = next();
          apply(
              new SecretTriggerObserved(
                  new SecretTrigger(due.kind(), "s" + world.counter, owner, "", 1, at), at));
        }
        case Step.ContainerStart start ->
            apply(
                new ContainerStartObserved(
                    start.container(), "start-" + ++world.counter, UnitStates.AT));
        case Step.Dying dying -> {
          if (unit.life() == Life.ALIVE) apply(new LifeAssigned(Life.DYING, UnitStates.AT));
        }
        case Step.Revive revive -> {
          if (unit.isDead()) {
            apply(new Revived(UnitStates.AT));
            assignEverything();
            installed = stopped = gone = false;
            starts = 0;
            completed.clear();
            joined.clear();
            owed.clear();
            trace.add("(revived)");
          }
        }
        case Step.Next next -> {
          return nextStep(next);
        }
      }
      return Optional.empty();
    }

    private Optional<String> nextStep(Step.Next step) {
      var now =
          new UnitResolver.Activity(false, false, false, step.retryNow(), step.updateStatusDue());
      switch (UnitResolver.next(unit, now)) {
        case UnitResolver.Next.Run run -> {
          PlannedHook hook = run.hook();
          trace.add(
              hook.name()
                  + (hook instanceof PlannedHook.Relation h && !h.relation().remoteUnit().isEmpty()
                      ? " " + h.relation().remoteUnit()
                      : ""));
          // an interrupted or failed hook runs again as it was planned: membership is judged once
          boolean again = unit.running() != null || unit.failed() != null;
          Optional<String> broken = planned(hook, again);
          if (broken.isPresent()) return broken;
          if (run.switchCharm())
            apply(new CharmSwitched(unit.assigned().charm().generation(), UnitStates.AT));
          apply(new HookStarted(hook, run.attempt(), "ctx", UnitStates.AT));
          switch (step.outcome()) {
            case COMPLETED -> {
              apply(new HookCompleted(hook.name(), 1, UnitStates.AT));
              completed(hook);
            }
            case FAILED -> {
              apply(new HookFailed(hook.name(), 1, "exit status 1", 1, UnitStates.AT));
              trace.add("(failed)");
            }
            case CRASHED -> trace.add("(crashed)");
          }
        }
        case UnitResolver.Next.Die die -> {
          if (installed) return Optional.of("an installed unit died without stop and remove");
          apply(new LifeAssigned(Life.DEAD, UnitStates.AT));
          gone = true;
          trace.add("(died)");
        }
        case UnitResolver.Next.SwitchCharm switchCharm ->
            apply(new CharmSwitched(unit.assigned().charm().generation(), UnitStates.AT));
        case UnitResolver.Next.Wait wait -> {}
        case UnitResolver.Next.Exec exec -> {
          return Optional.of("an exec ran where none waited");
        }
        case UnitResolver.Next.RunAction action -> {
          return Optional.of("an action ran where none was queued");
        }
        case UnitResolver.Next.AbandonAction action -> {
          return Optional.of("an action was abandoned where none ran");
        }
      }
      return Optional.empty();
    }

    /** What planning {@code hook} now breaks, if anything. */
    private Optional<String> planned(PlannedHook hook, boolean again) {
      String name = hook.name();
      if (gone) return Optional.of(name + " planned after the unit was gone");
      if (!installed && hook.kind() != HookKind.INSTALL)
        return Optional.of(name + " planned before install");
      if (completed.contains(hook))
        return Optional.of(name + " planned again after it completed: " + hook);
      if (hook.kind() == HookKind.INSTALL && unit.life() == Life.DYING && !again)
        return Optional.of("install planned for a dying unit");
      if (hook.kind() == HookKind.START && starts > 0)
        return Optional.of("start planned a second time");
      if (hook.kind() == HookKind.REMOVE && !stopped)
        return Optional.of("remove planned before stop");
      return !again && hook instanceof PlannedHook.Relation h
          ? relationHook(h.kind(), h.relation())
          : Optional.empty();
    }

    private Optional<String> relationHook(HookKind kind, RelationHook r) {
      String remote = r.remoteUnit();
      Map<String, Long> members = world.members(r.relationId());
      Set<String> heard = joined.getOrDefault(r.relationId(), Set.of());
      boolean in = members.containsKey(remote);
      if (kind == HookKind.RELATION_JOINED && !in)
        return Optional.of("relation-joined for " + remote + ", not in relation " + r.relationId());
      if (kind == HookKind.RELATION_CHANGED
          && !remote.isEmpty()
          && !in
          && !remote.equals(owed.get(r.relationId())))
        return Optional.of("relation-changed for " + remote + ", which left the relation");
      if (kind == HookKind.RELATION_DEPARTED && !heard.contains(remote))
        return Optional.of("relation-departed for " + remote + ", never joined");
      if (kind == HookKind.RELATION_DEPARTED && in && unit.life() == Life.ALIVE)
        return Optional.of("relation-departed for " + remote + ", still in the relation");
      return Optional.empty();
    }

    /** The invariants' view of the unit after {@code hook} completed. */
    private void completed(PlannedHook hook) {
      if (hook.kind() != HookKind.UPDATE_STATUS) completed.add(hook);
      RelationHook r = hook instanceof PlannedHook.Relation h ? h.relation() : null;
      if (hook.kind() == HookKind.INSTALL) installed = true;
      if (hook.kind() == HookKind.START) starts++;
      if (hook.kind() == HookKind.STOP) stopped = true;
      if (hook.kind() == HookKind.REMOVE) gone = true;
      if (hook.kind() == HookKind.RELATION_JOINED) {
        joined.computeIfAbsent(r.relationId(), id -> new HashSet<>()).add(r.remoteUnit());
        owed.put(r.relationId(), r.remoteUnit());
      }
      if (hook.kind() == HookKind.RELATION_DEPARTED)
        joined.get(r.relationId()).remove(r.remoteUnit());
      if (r != null)
        owed.remove(
            r.relationId(), hook.kind() == HookKind.RELATION_JOINED ? null : r.remoteUnit());
    }
  }
}
