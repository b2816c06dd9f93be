package io.caasoperator.unit;

import io.caasoperator.action.ActionLookup;
import io.caasoperator.action.ActionReply;
import io.caasoperator.action.ActionRequests;
import io.caasoperator.persistence.UnitEvent;
import io.caasoperator.persistence.UnitEvent.ActionQueued;
import io.caasoperator.persistence.UnitState;
import io.caasoperator.unit.UnitActor.GetAction;
import io.caasoperator.unit.UnitActor.QueueAction;
import io.caasoperator.unit.UnitActor.Report;
import io.caasoperator.unit.UnitActor.RequestAction;
import java.util.List;
import java.util.Optional;
import org.apache.pekko.persistence.typed.javadsl.Effect;
import org.apache.pekko.persistence.typed.javadsl.EffectFactories;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Takes a {@link UnitActor}'s requests to run charm actions ({@link ActionRequests} decides),
 * queues the accepted ones in its journal, and answers who asks about one.
 */
record ActionIntake(
    UnitRuntime runtime, EffectFactories<UnitEvent, UnitState> effect, AfterPersist after) {
  private static final Logger log = LoggerFactory.getLogger(UnitActor.class);

  Effect<UnitEvent, UnitState> onRequestAction(
      UnitState state, Incarnation incarnation, RequestAction cmd) {
    boolean draining = incarnation.draining();
    return switch (ActionRequests.decide(state, draining, cmd.name(), cmd.params())) {
      case ActionRequests.Decision.Refused refused -> effect.reply(cmd.replyTo(), refused.reply());
      case ActionRequests.Decision.Accepted accepted -> {
        runtime.tellOperator(
            new Report.ActionAccepted(runtime.unit, cmd.name(), accepted.params(), cmd.replyTo()));
        yield effect.none();
      }
    };
  }

  Effect<UnitEvent, UnitState> onQueueAction(
      UnitState state, Incarnation incarnation, QueueAction cmd) {
    Optional<UnitState.UnitAction> known = state.actions().find(cmd.id());
    if (known.isPresent())
      return effect.reply(cmd.replyTo(), new ActionReply.Queued(runtime.unit, known.get()));
    // Checked again: the unit may have started dying, or the operator shutting down, since it
    // accepted the request (its id then goes unused).
    Optional<String> unavailable = ActionRequests.refusal(state, incarnation.draining());
    if (unavailable.isPresent()) {
      return effect.reply(
          cmd.replyTo(),
          new ActionReply.Refused(
              ActionReply.Refusal.UNAVAILABLE, unavailable.get(), List.of(), List.of()));
    }
    return effect
        .persist(new ActionQueued(cmd.id(), cmd.name(), cmd.params(), runtime.now()))
        .thenRun(
            after.change(
                (s, current) -> {
                  log.info("unit {} action {} ({}) queued", runtime.unit, cmd.id(), cmd.name());
                  cmd.replyTo()
                      .tell(
                          new ActionReply.Queued(
                              runtime.unit, s.actions().find(cmd.id()).orElseThrow()));
                  return runtime.afterChange(s, current);
                }));
  }

  /** Answers now, or once the action finished (the watcher is then in the step's incarnation). */
  Step onGetAction(UnitState state, Incarnation incarnation, GetAction cmd) {
    Optional<UnitState.UnitAction> action = state.actions().find(cmd.id());
    if (action.isEmpty()) {
      String detail =
          "unit %s keeps no action %d (a unit keeps its last %d finished actions; the journal keeps them all)"
              .formatted(runtime.unit, cmd.id(), UnitState.Actions.KEPT);
      return new Step(
          incarnation, effect.reply(cmd.replyTo(), new ActionLookup(runtime.unit, null, detail)));
    }
    if (cmd.untilFinished() && !action.get().status().finished()) {
      return new Step(incarnation.withActionWatcher(cmd.id(), cmd.replyTo()), effect.none());
    }
    return new Step(
        incarnation, effect.reply(cmd.replyTo(), new ActionLookup(runtime.unit, action.get(), "")));
  }
}
