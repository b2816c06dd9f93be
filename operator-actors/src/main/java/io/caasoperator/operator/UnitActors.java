package io.caasoperator.operator;

import io.caasoperator.domain.UnitId;
import io.caasoperator.substrate.ContainerStarted;
import io.caasoperator.substrate.WorkloadNotice;
import io.caasoperator.unit.Desired;
import io.caasoperator.unit.UnitActor;
import io.caasoperator.unit.UnitDependencies;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.apache.pekko.Done;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.javadsl.ActorContext;

/**
 * The operator's hands on its unit actors: spawns, tells and stops them, holds the container starts
 * that wait for an actor, and drains them at shutdown. Which units have an actor and what each is
 * told is the plan's decision ({@link Children}); this only carries it out.
 *
 * <p>Mutable on purpose, and confined to the operator actor (it uses its context): it may hold an
 * entry per unit of 10,000, each changed one at a time (a container start, a drained unit), and a
 * copy per change would cost more than all else the operator does then.
 */
final class UnitActors {
  private final ActorContext<?> ctx;
  private final UnitDependencies deps;

  /** {@link #deps} with the model's identity: one shared record, however many units spawn. */
  private UnitDependencies identifiedDeps;

  private final ActorRef<UnitActor.Report> reports;
  private final ActorRef<UnitActor.Drained> drainedReplies;
  private final Map<UnitId, ActorRef<UnitActor.Command>> actors = new HashMap<>();

  /**
   * Container starts reported while the unit has no actor (its charm is not on disk yet, it is not
   * listed yet, or it is being removed): the latest start per container, handed over once.
   */
  private final Map<UnitId, Map<String, String>> waitingStarts = new HashMap<>();

  private boolean draining;

  /** Units told to drain that have not replied yet. */
  private final Set<UnitId> drainingUnits = new HashSet<>();

  private final List<ActorRef<Done>> drainWaiters = new ArrayList<>();

  UnitActors(
      ActorContext<?> ctx,
      UnitDependencies deps,
      ActorRef<UnitActor.Report> reports,
      ActorRef<UnitActor.Drained> drainedReplies) {
    this.ctx = ctx;
    this.deps = deps;
    this.identifiedDeps = deps;
    this.reports = reports;
    this.drainedReplies = drainedReplies;
  }

  /**
   * The units' dependencies with the model's identity in their environment; made once per identity.
   */
  private UnitDependencies identified(String modelUuid) {
    if (!modelUuid.equals(identifiedDeps.environment().modelUuid())) {
      identifiedDeps = identifiedDeps.withEnvironment(deps.environment().withModelUuid(modelUuid));
    }
    return identifiedDeps;
  }

  Optional<ActorRef<UnitActor.Command>> find(UnitId unit) {
    return Optional.ofNullable(actors.get(unit));
  }

  /**
   * Starts the unit's actor, its runs in the model {@code modelUuid}; during a drain it hears of
   * the drain first, so it starts no hook.
   */
  void spawn(UnitId unit, String modelUuid) {
    ActorRef<UnitActor.Command> actor =
        ctx.spawn(UnitActor.create(unit, identified(modelUuid), reports), unit.tag());
    actors.put(unit, actor);
    if (draining) {
      drainingUnits.add(unit);
      actor.tell(new UnitActor.Drain(drainedReplies));
    }
  }

  /**
   * Tells the unit what is wanted of it, then hands over the container starts waiting for it: after
   * Assign, because a unit revived from dead takes starts only once alive again.
   */
  void assign(UnitId unit, Desired desired) {
    ActorRef<UnitActor.Command> actor = actors.get(unit);
    actor.tell(new UnitActor.Assign(desired));
    Map<String, String> starts = waitingStarts.remove(unit);
    if (starts != null)
      starts.forEach(
          (container, id) -> actor.tell(new UnitActor.ObserveContainerStart(container, id)));
  }

  /**
   * Delivered when the unit has an actor; a unit without one (not spawned yet, or gone) has not
   * answered its container's pebble-ready, whose hook would come first, so it is dropped.
   */
  void workloadNoticed(WorkloadNotice notice) {
    ActorRef<UnitActor.Command> actor = actors.get(notice.unit());
    if (actor != null) actor.tell(new UnitActor.ObservePebbleNotice(notice.notice()));
  }

  /**
   * Delivered now when the unit has an actor; otherwise it waits, a later start of the same
   * container replacing it.
   */
  void containerStarted(ContainerStarted start) {
    ActorRef<UnitActor.Command> actor = actors.get(start.unit());
    if (actor != null) {
      actor.tell(new UnitActor.ObserveContainerStart(start.container(), start.startId()));
    } else {
      waitingStarts
          .computeIfAbsent(start.unit(), u -> new TreeMap<>())
          .put(start.container(), start.startId());
    }
  }

  /**
   * Stops the unit's actor for its removal. Container starts waiting for it belong to the
   * incarnation being removed; a unit alive again is a new one, whose containers the substrate
   * reports starting anew.
   */
  void stop(UnitId unit) {
    ActorRef<UnitActor.Command> actor = actors.remove(unit);
    if (actor != null) ctx.stop(actor);
    waitingStarts.remove(unit);
    drained(unit);
  }

  /**
   * Every unit, now and spawned later, stops starting hooks; {@code waiter} hears once none runs
   * one.
   */
  void drain(ActorRef<Done> waiter) {
    draining = true;
    drainWaiters.add(waiter);
    drainingUnits.addAll(actors.keySet());
    actors.values().forEach(actor -> actor.tell(new UnitActor.Drain(drainedReplies)));
    answerDrainIfIdle();
  }

  /** The unit runs no hook any more (it replied to the drain), or its actor is stopped. */
  void drained(UnitId unit) {
    if (drainingUnits.remove(unit)) answerDrainIfIdle();
  }

  /**
   * The operator restarted, which stopped every unit actor (cancelling their hooks): forget them. A
   * drain stays in force for the actors spawned after the restart.
   */
  void stopped() {
    actors.clear();
    drainingUnits.clear();
    answerDrainIfIdle();
  }

  private void answerDrainIfIdle() {
    if (!drainingUnits.isEmpty()) return;
    drainWaiters.forEach(w -> w.tell(Done.getInstance()));
    drainWaiters.clear();
  }
}
