package io.caasoperator.unit;

import io.caasoperator.action.ActionRun;
import io.caasoperator.domain.UnitId;
import io.caasoperator.hooktool.ToolEffect;
import io.caasoperator.hooktool.ToolEffects;
import io.caasoperator.hooktool.ToolOutcome;
import io.caasoperator.hooktool.catalogue.HookTools;
import io.caasoperator.persistence.OperatorEvent;
import io.caasoperator.persistence.UnitEvent;
import io.caasoperator.persistence.UnitState;
import io.caasoperator.secret.SecretBook;
import io.caasoperator.secret.SecretChange;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.event.Level;

/**
 * A hook tool called by the hook or exec a unit runs now, run against the unit's state, its effects
 * sent where {@link ToolEffects#split} says: {@code juju-log} lines to the operator's log here; the
 * rest back to the unit's actor, which folds what waits for the context's end into its {@link
 * ContextDraft}.
 *
 * @param outcome what the tool prints and exits with
 * @param unitEvents for the unit's journal, in call order
 * @param applicationEvents for the application's journal, in call order
 * @param secretChanges for the application's secrets once the running hook completes, in call order
 * @param actionEffects what it reported for the action the context runs, in call order
 */
record UnitToolCall(
    ToolOutcome outcome,
    List<UnitEvent> unitEvents,
    List<OperatorEvent> applicationEvents,
    List<SecretChange> secretChanges,
    List<ToolEffect.ActionEffect> actionEffects) {

  /** The unit actor's logger: a charm's {@code juju-log} lines read as the unit's own. */
  private static final Logger log = LoggerFactory.getLogger(UnitActor.class);

  /**
   * @param running what the unit runs now: the hook named by {@code state} (whose relation writes
   *     so far its tools read back), an exec (whose action, if any, sees its parameters), or a
   *     charm action (the one {@code state} says runs)
   */
  static UnitToolCall run(
      UnitActor.RunHookTool call, UnitState state, Incarnation.Work running, Instant now) {
    return run(call, state, running, SecretBook.NONE, now);
  }

  /**
   * @param secrets the application's secrets with the running context's pending changes
   */
  static UnitToolCall run(
      UnitActor.RunHookTool call,
      UnitState state,
      Incarnation.Work running,
      SecretBook secrets,
      Instant now) {
    String hook = state.running() != null ? state.running().hook().name() : null;
    String where = hook == null ? "exec" : hook;
    ActionRun action = null;
    Map<Long, UnitEvent.RelationSettingsWritten> staged = Map.of();
    switch (running) {
      case Incarnation.Work.Exec exec -> action = exec.exec().action();
      case Incarnation.Work.Action act -> {
        UnitState.UnitAction charmAction = state.actions().running();
        if (charmAction != null) {
          action = new ActionRun(charmAction.name(), charmAction.params());
          where = charmAction.name() + " action";
        }
      }
      case Incarnation.Work.Hook h -> staged = h.draft().relationWrites().byRelation();
      case Incarnation.Work.AwaitingPod waiting -> {}
      case Incarnation.Work.Idle idle -> {}
    }
    ToolOutcome outcome =
        HookTools.run(
            call.tool(),
            call.args(),
            call.stdin(),
            new UnitToolContext(state, call.app(), hook, action, staged, secrets),
            now);
    ToolEffects effects = ToolEffects.split(outcome.effects(), now);
    String label = where;
    effects.logged().forEach(line -> write(state.unit(), label, call.contextId(), line));
    return new UnitToolCall(
        outcome,
        effects.unitEvents(),
        effects.applicationEvents(),
        effects.secretChanges(),
        effects.actionEffects());
  }

  /**
   * juju-log: the charm's own words, in the operator's log, at the level it chose (also {@link
   * ToolViewAnswer}'s).
   */
  static void write(UnitId unit, String where, String contextId, ToolEffect.Logged line) {
    Level level =
        switch (line.level().toUpperCase(Locale.ROOT)) {
          case "ERROR", "CRITICAL" -> Level.ERROR;
          case "WARNING", "WARN" -> Level.WARN;
          case "DEBUG", "TRACE" -> Level.DEBUG;
          default -> Level.INFO;
        };
    log.atLevel(level)
        .addKeyValue("unit", unit.name())
        .addKeyValue("hook", where)
        .addKeyValue("context_id", contextId)
        .log("unit {} {}: {}", unit, where, line.message());
  }
}
