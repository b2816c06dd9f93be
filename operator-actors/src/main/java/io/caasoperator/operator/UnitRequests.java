package io.caasoperator.operator;

import io.caasoperator.action.ActionLookup;
import io.caasoperator.action.ActionReply;
import io.caasoperator.domain.UnitId;
import io.caasoperator.persistence.OperatorState;
import io.caasoperator.unit.ExecReply;
import io.caasoperator.unit.ResolveReply;
import io.caasoperator.unit.UnitActor;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.pekko.actor.typed.ActorRef;

/**
 * Where the operator sends a request about one unit (resolve, exec, a charm action and its
 * lookups): to the unit's actor, or, for a unit without one, an answer naming why at once. Its one
 * state is who waits for an accepted action's id (the plan carries the request's number, not its
 * actor reference); the {@link OperatorActor} calls it from its thread.
 */
final class UnitRequests {
  private final UnitActors units;
  private final Map<Long, ActorRef<ActionReply>> awaitingIds = new HashMap<>();
  private long lastRequest;

  UnitRequests(UnitActors units) {
    this.units = units;
  }

  /**
   * Where {@code request} goes; {@code state} is the journal's, for what the operator answers
   * itself (the units of action ids).
   */
  void route(OperatorState state, OperatorActor.UnitRequest request) {
    switch (request) {
      case OperatorActor.ResolveUnit cmd -> resolve(cmd);
      case OperatorActor.ExecOnUnit cmd -> exec(cmd);
      case OperatorActor.RunAction cmd -> runAction(cmd);
      case OperatorActor.GetAction cmd -> getAction(state, cmd);
      case OperatorActor.ListActionIds cmd -> cmd.replyTo().tell(actionIds(state, cmd));
    }
  }

  private void resolve(OperatorActor.ResolveUnit cmd) {
    units
        .find(cmd.unit())
        .ifPresentOrElse(
            unit -> unit.tell(new UnitActor.Resolve(cmd.retry(), cmd.replyTo())),
            () ->
                cmd.replyTo()
                    .tell(
                        new ResolveReply(
                            ResolveReply.Outcome.UNKNOWN_UNIT, "unknown unit " + cmd.unit())));
  }

  private void exec(OperatorActor.ExecOnUnit cmd) {
    units
        .find(cmd.unit())
        .ifPresentOrElse(
            unit ->
                unit.tell(
                    new UnitActor.RunExec(
                        cmd.commands(), cmd.timeout(), cmd.action(), cmd.replyTo())),
            () ->
                cmd.replyTo()
                    .tell(
                        new ExecReply(
                            ExecReply.Outcome.UNKNOWN_UNIT,
                            null,
                            "unknown unit " + cmd.unit(),
                            null)));
  }

  private void runAction(OperatorActor.RunAction cmd) {
    units
        .find(cmd.unit())
        .ifPresentOrElse(
            unit -> unit.tell(new UnitActor.RequestAction(cmd.name(), cmd.params(), cmd.replyTo())),
            () -> cmd.replyTo().tell(unknownUnit(cmd.unit())));
  }

  /**
   * A unit accepted an action: its requester waits (under a new request number) until the plan
   * journaled the action's id, and the plan's input names the request by that number.
   */
  OperatorPlan.Input.ActionAccepted awaitId(UnitActor.Report.ActionAccepted accepted) {
    long request = ++lastRequest;
    awaitingIds.put(request, accepted.replyTo());
    return new OperatorPlan.Input.ActionAccepted(
        request, accepted.unit(), accepted.name(), accepted.params());
  }

  /** The unit accepted the action and the operator journaled its id {@code id}: it queues it. */
  void queueAction(long id, OperatorPlan.Input.ActionAccepted accepted) {
    ActorRef<ActionReply> replyTo = awaitingIds.remove(accepted.request());
    units
        .find(accepted.unit())
        .ifPresentOrElse(
            unit ->
                unit.tell(
                    new UnitActor.QueueAction(id, accepted.name(), accepted.params(), replyTo)),
            () -> replyTo.tell(unknownUnit(accepted.unit())));
  }

  /**
   * Asks the unit that ran action {@code cmd.id()}; says where it is when that unit is gone, and
   * why there is none when no unit this operator tracks ran it.
   */
  private void getAction(OperatorState state, OperatorActor.GetAction cmd) {
    UnitId owner = state.actions().units().get(cmd.id());
    if (owner == null) {
      cmd.replyTo().tell(untracked(state, cmd.id()));
      return;
    }
    units
        .find(owner)
        .ifPresentOrElse(
            unit ->
                unit.tell(new UnitActor.GetAction(cmd.id(), cmd.untilFinished(), cmd.replyTo())),
            () ->
                cmd.replyTo()
                    .tell(
                        new ActionLookup(
                            owner,
                            null,
                            "action "
                                + cmd.id()
                                + " ran on unit "
                                + owner
                                + ", which is gone; the journal has it (journal --unit "
                                + owner
                                + " --type ActionQueued,ActionStarted,ActionFinished)")));
  }

  /** The answer for an action id no unit this operator tracks ran. */
  private static ActionLookup untracked(OperatorState state, long id) {
    String detail =
        id > 0 && id <= state.actions().lastId()
            ? "action "
                + id
                + " is older than the "
                + OperatorState.ActionIndex.KEPT
                + " actions the operator keeps track of; the journal has it"
            : "no action " + id;
    return new ActionLookup(null, null, detail);
  }

  /** The newest action ids (of one unit, when given), oldest first. */
  private static OperatorActor.ActionIds actionIds(
      OperatorState state, OperatorActor.ListActionIds cmd) {
    TreeMap<Long, UnitId> newest = new TreeMap<>();
    for (var entry : new TreeMap<>(state.actions().units()).descendingMap().entrySet()) {
      if (newest.size() >= cmd.limit()) break;
      if (cmd.unit().isPresent() && !cmd.unit().get().equals(entry.getValue())) continue;
      newest.put(entry.getKey(), entry.getValue());
    }
    return new OperatorActor.ActionIds(newest);
  }

  private static ActionReply unknownUnit(UnitId unit) {
    return new ActionReply.Refused(
        ActionReply.Refusal.UNKNOWN_UNIT, "unknown unit " + unit, List.of(), List.of());
  }
}
