package io.caasoperator.unit;

import io.caasoperator.persistence.UnitEvent;
import io.caasoperator.persistence.UnitEvent.RelationSettingsWritten;
import io.caasoperator.persistence.UnitState;
import io.caasoperator.unit.Incarnation.Work;
import io.caasoperator.unit.UnitActor.Report;
import io.caasoperator.unit.UnitActor.RunHookTool;
import java.util.ArrayList;
import java.util.List;
import org.apache.pekko.persistence.typed.javadsl.Effect;
import org.apache.pekko.persistence.typed.javadsl.EffectFactories;

/**
 * Answers the hook tools that the hook, exec or action a {@link UnitActor} runs now calls: {@link
 * UnitToolCall} decides the outcome and its effects; this applies them (the unit's journaled, the
 * application's sent to the operator, secret changes drafted until the context ends, a hook's
 * databag writes kept until it completes).
 */
record ToolCalls(UnitRuntime runtime, EffectFactories<UnitEvent, UnitState> effect) {

  Effect<UnitEvent, UnitState> onHookTool(UnitState state, RunHookTool cmd) {
    Incarnation incarnation = runtime.incarnation();
    if (!incarnation.runs(cmd.contextId())) {
      return effect.reply(
          cmd.replyTo(),
          new ToolReply(null, "the hook or command this token belongs to has finished"));
    }
    SecretDraft draft = runtime.secretDraft();
    UnitToolCall call =
        UnitToolCall.run(
            cmd,
            state,
            incarnation.work(),
            runtime.deps.secrets().book(draft.of(cmd.contextId())),
            runtime.now());
    if (!call.secretChanges().isEmpty())
      runtime.secretDraft(draft.plus(cmd.contextId(), call.secretChanges()));
    if (!call.applicationEvents().isEmpty())
      runtime.tellOperator(new Report.ApplicationEffects(runtime.unit, call.applicationEvents()));
    ToolReply reply = new ToolReply(call.outcome(), null);
    if (!(incarnation.work() instanceof Work.Hook hook)) {
      // An exec or action is never run again: its tool answers once the effects are written.
      if (call.unitEvents().isEmpty()) return effect.reply(cmd.replyTo(), reply);
      return effect
          .persist(call.unitEvents())
          .thenRun(runtime::report)
          .thenReply(cmd.replyTo(), s -> reply);
    }
    // a hook's relation-set writes wait for its completion (an exec's or action's are journaled
    // now)
    List<UnitEvent> unitEvents = new ArrayList<>();
    HookWrites writes = hook.writes();
    for (UnitEvent event : call.unitEvents()) {
      if (event instanceof RelationSettingsWritten write) writes = writes.with(write);
      else unitEvents.add(event);
    }
    runtime.incarnation(incarnation.with(new Work.Hook(hook.context(), hook.notReady(), writes)));
    if (unitEvents.isEmpty()) return effect.reply(cmd.replyTo(), reply);
    // A hook's tool effects need to be in the journal by its completion, which is written after
    // them, not before the tool answers: a crash before then runs the hook again, effects and
    // all. The hook goes on meanwhile; its next calls read what it wrote (published now, and
    // commands that reach this actor wait for the write).
    UnitState after = state;
    for (UnitEvent event : unitEvents) after = after.apply(event);
    runtime.deps.toolViews().unitChanged(after);
    cmd.replyTo().tell(reply);
    return effect.persist(unitEvents).thenRun(runtime::report);
  }
}
