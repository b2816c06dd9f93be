package io.caasoperator.unit;

import io.caasoperator.persistence.UnitEvent;
import io.caasoperator.persistence.UnitState;
import io.caasoperator.unit.Incarnation.Work;
import io.caasoperator.unit.UnitActor.Report;
import io.caasoperator.unit.UnitActor.RunHookTool;
import java.time.Instant;
import java.util.List;
import org.apache.pekko.persistence.typed.javadsl.EffectFactories;

/**
 * Answers the hook tools that the hook, exec or action a {@link UnitActor} runs now calls: {@link
 * UnitToolCall} decides the outcome and its effects; this applies them (the unit's journaled, the
 * application's sent to the operator, and what waits for the context's end folded into the running
 * process's {@link ContextDraft}: its secret changes, a hook's databag writes, an action's report).
 */
record ToolCalls(
    UnitRuntime runtime, EffectFactories<UnitEvent, UnitState> effect, AfterPersist after) {

  Step onHookTool(UnitState state, Incarnation incarnation, RunHookTool cmd) {
    if (!incarnation.runs(cmd.contextId())
        || !(incarnation.work() instanceof Work.Process running)) {
      return new Step(
          incarnation,
          effect.reply(
              cmd.replyTo(),
              new ToolReply(null, "the hook or command this token belongs to has finished")));
    }
    Instant now = runtime.now();
    ContextDraft draft = running.draft();
    UnitToolCall call =
        UnitToolCall.run(
            cmd, state, running, runtime.deps.secrets().book(draft.secretChanges()), now);
    ContextDraft.Folded folded = draft.fold(call, now);
    Incarnation next = incarnation.with(running.with(folded.draft()));
    if (!call.applicationEvents().isEmpty())
      runtime.tellOperator(new Report.ApplicationEffects(runtime.unit, call.applicationEvents()));
    ToolReply reply = new ToolReply(call.outcome(), null);
    List<UnitEvent> unitEvents = folded.journalNow();
    if (unitEvents.isEmpty()) return new Step(next, effect.reply(cmd.replyTo(), reply));
    if (!(running instanceof Work.Hook)) {
      // An exec or action is never run again: its tool answers once the effects are written.
      return new Step(
          next,
          effect
              .persist(unitEvents)
              .thenRun(after.change(runtime::report))
              .thenReply(cmd.replyTo(), s -> reply));
    }
    // A hook's tool effects need to be in the journal by its completion, which is written after
    // them, not before the tool answers: a crash before then runs the hook again, effects and
    // all. The hook goes on meanwhile; its next calls read what it wrote (published now, and
    // commands that reach this actor wait for the write).
    UnitState changed = state;
    for (UnitEvent event : unitEvents) changed = changed.apply(event);
    runtime.deps.toolViews().unitChanged(changed);
    cmd.replyTo().tell(reply);
    return new Step(next, effect.persist(unitEvents).thenRun(after.change(runtime::report)));
  }
}
