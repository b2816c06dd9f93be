package io.caasoperator.unit;

import io.caasoperator.persistence.UnitEvent;
import io.caasoperator.persistence.UnitEvent.ContainerStartObserved;
import io.caasoperator.persistence.UnitEvent.PebbleNoticeObserved;
import io.caasoperator.persistence.UnitEvent.SecretTriggerObserved;
import io.caasoperator.persistence.UnitState;
import io.caasoperator.persistence.secret.SecretTrigger;
import io.caasoperator.unit.Incarnation.Work;
import io.caasoperator.unit.UnitActor.ObserveContainerStart;
import io.caasoperator.unit.UnitActor.ObservePebbleNotice;
import io.caasoperator.unit.UnitActor.ObserveSecretTrigger;
import io.caasoperator.unit.UnitActor.PodWaitOver;
import java.util.List;
import org.apache.pekko.persistence.typed.javadsl.EffectFactories;

/**
 * What a {@link UnitActor} is told happened around it (a container started, its Pebble noticed
 * something, a secret hook fell due): journaled once per occurrence, so that the hook it calls for
 * runs once, after a crash too.
 */
record Observations(
    UnitRuntime runtime,
    UnitSteps steps,
    EffectFactories<UnitEvent, UnitState> effect,
    AfterPersist after) {

  Step onContainerStart(UnitState state, Incarnation incarnation, ObserveContainerStart cmd) {
    if (cmd.startId().equals(state.observed().containerStarts().get(cmd.container())))
      return new Step(incarnation, effect.none());
    List<UnitEvent> observed =
        List.of(new ContainerStartObserved(cmd.container(), cmd.startId(), runtime.now()));
    if (incarnation.work() instanceof Work.AwaitingPod waiting) {
      // The pod changed: it may take the waiting hook now, before the timer says so.
      var waitOver = new PodWaitOver(waiting.contextId());
      return new Step(
          incarnation,
          effect
              .persist(observed)
              .thenRun(after.change(runtime::report))
              .thenRun(s -> runtime.ctx.getSelf().tell(waitOver)));
    }
    return steps.persistAndStartNext(state, incarnation, observed, () -> {});
  }

  Step onPebbleNotice(UnitState state, Incarnation incarnation, ObservePebbleNotice cmd) {
    if (state.observed().pebbleNotices().contains(cmd.notice()))
      return new Step(incarnation, effect.none());
    return steps.persistAndStartNext(
        state,
        incarnation,
        List.of(new PebbleNoticeObserved(cmd.notice(), runtime.now())),
        () -> {});
  }

  Step onSecretTrigger(UnitState state, Incarnation incarnation, ObserveSecretTrigger cmd) {
    SecretTrigger trigger = cmd.trigger();
    boolean owns =
        switch (trigger.owner().kind()) {
          case APPLICATION -> state.assigned().leader();
          case UNIT -> trigger.owner().name().equals(runtime.unit.name());
          // a user secret has no owner's hooks: no unit owns it
          case MODEL -> false;
        };
    // A re-delivery of a trigger still waiting (or running) is the same occurrence: queued once.
    if (!owns || state.observed().secretTriggers().contains(trigger))
      return new Step(incarnation, effect.none());
    return steps.persistAndStartNext(
        state, incarnation, List.of(new SecretTriggerObserved(trigger, runtime.now())), () -> {});
  }
}
