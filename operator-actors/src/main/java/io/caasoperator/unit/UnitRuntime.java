package io.caasoperator.unit;

import io.caasoperator.action.ActionLookup;
import io.caasoperator.domain.UnitId;
import io.caasoperator.metrics.OperatorMetrics;
import io.caasoperator.persistence.JournalHealth;
import io.caasoperator.persistence.UnitState;
import io.caasoperator.persistence.secret.SecretTrigger;
import io.caasoperator.unit.Incarnation.Work;
import io.caasoperator.unit.UnitActor.Command;
import io.caasoperator.unit.UnitActor.Report;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.function.Consumer;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.TimerScheduler;

/**
 * How a {@link UnitActor} reaches out — the operator, its own mailbox, its timers, its processes,
 * its metrics — and nothing it remembers: every field is fixed when the actor is set up. What the
 * actor keeps beside its journal (what runs now and what waits, the running context's draft) is its
 * {@link Incarnation}, a value the actor holds alone: the methods here that change it take it and
 * return the next one. Used by the actor and the classes that take its commands ({@link UnitSteps},
 * {@link ProcessEndings}, {@link ToolCalls}, {@link ActionIntake}, {@link Observations}), on the
 * actor's thread only.
 */
final class UnitRuntime {
  private static final Object RETRY_TIMER = "retry";
  private static final Object UPDATE_STATUS_TIMER = "update-status";
  static final Object POD_WAIT_TIMER = "pod-wait";

  final UnitId unit;
  final UnitDependencies deps;
  final ActorContext<Command> ctx;
  final TimerScheduler<Command> timers;
  final HookLauncher launcher;
  final OperatorMetrics metrics;
  private final ActorRef<Report> operator;

  /** Where the secret store hands this unit's secret hooks: its own mailbox. */
  private final Consumer<SecretTrigger> secretHooks;

  UnitRuntime(
      UnitId unit,
      UnitDependencies deps,
      ActorRef<Report> operator,
      ActorContext<Command> ctx,
      TimerScheduler<Command> timers) {
    this.unit = unit;
    this.deps = deps;
    this.operator = operator;
    this.ctx = ctx;
    this.timers = timers;
    this.launcher = new HookLauncher(unit, deps);
    this.metrics = OperatorMetrics.get(ctx.getSystem());
    ActorRef<Command> self = ctx.getSelf();
    this.secretHooks = trigger -> self.tell(new UnitActor.ObserveSecretTrigger(trigger));
  }

  Instant now() {
    return deps.clock().instant();
  }

  void tellOperator(Report report) {
    operator.tell(report);
  }

  /** When the process of {@code context} ends (or cannot run), the unit hears of it. */
  void pipe(HookLauncher.Context context, CompletionStage<HookLauncher.Outcome> run) {
    ctx.pipeToSelf(run, (outcome, error) -> new UnitActor.ProcessEnded(context, outcome));
  }

  /** After every persisted change: tell the operator, finish a drain, or take the next step. */
  Incarnation afterChange(UnitState state, Incarnation incarnation) {
    Incarnation next = report(state, incarnation);
    if (state.isDead()) {
      operator.tell(new Report.Dead(unit));
    } else if (next.draining()) {
      if (!next.processRuns()) next = answerDrain(next);
    } else {
      ctx.getSelf().tell(UnitActor.ADVANCE);
    }
    return next;
  }

  /**
   * Tells the operator of the change, and whoever waits for an action that has now finished: those
   * are no longer in the incarnation returned.
   */
  Incarnation report(UnitState state, Incarnation incarnation) {
    deps.toolViews().unitChanged(state);
    ownSecrets(state);
    operator.tell(new Report.Changed(UnitView.of(state)));
    return answerActionWatchers(state, incarnation);
  }

  /** Tells whoever waits for the drain that it is done: they are no longer in the one returned. */
  Incarnation answerDrain(Incarnation incarnation) {
    incarnation.drainWaiters().forEach(w -> w.tell(new UnitActor.Drained(unit)));
    return incarnation.withoutDrainWaiters();
  }

  void scheduleRetry(int failedAttempts) {
    timers.startSingleTimer(
        RETRY_TIMER, new UnitActor.RetryDue(), deps.retry().delayAfter(failedAttempts));
  }

  /** Update-status falls due every {@code interval} from now on, unless it already did. */
  Incarnation updateStatusEvery(Duration interval, Incarnation incarnation) {
    if (interval == null || interval.equals(incarnation.updateStatusInterval())) return incarnation;
    timers.startTimerWithFixedDelay(UPDATE_STATUS_TIMER, new UnitActor.UpdateStatusDue(), interval);
    return incarnation.withUpdateStatusInterval(interval);
  }

  /**
   * The unit recovered its state from the journal (first start, or a restart in this JVM): what the
   * crash left behind is cleaned up, the timers that the operator does not set again are set, and
   * the operator hears of it.
   */
  Incarnation recovered(UnitState state, Incarnation incarnation) {
    health().recovered(UnitActor.persistenceId(unit));
    ownSecrets(state);
    if (state.failed() != null) scheduleRetry(state.failed().attempt());
    // A hook interrupted by a crash runs again; whatever is left of its first run goes first.
    if (state.running() != null) deps.executor().cancel(state.running().contextId());
    // An interrupted action is failed, not run again; what is left of its process goes too.
    UnitState.UnitAction interrupted = state.actions().running();
    if (interrupted != null && interrupted.contextId() != null)
      deps.executor().cancel(interrupted.contextId());
    // after a restart in this JVM the operator does not send the interval again
    if (incarnation.updateStatusInterval() != null) {
      timers.startTimerWithFixedDelay(
          UPDATE_STATUS_TIMER, new UnitActor.UpdateStatusDue(), incarnation.updateStatusInterval());
    }
    Incarnation next = report(state, incarnation);
    operator.tell(new Report.Recovered(unit));
    ctx.getSelf().tell(UnitActor.ADVANCE);
    return next;
  }

  /**
   * The behaviour restarts after a failed journal write (recovering from the journal, but keeping
   * this actor and its incarnation): what was in flight is dropped, or the unit would wait for it
   * forever. Its process is cancelled, so a drain has nothing left to wait for.
   */
  Incarnation restarting(Incarnation incarnation) {
    abandon(incarnation);
    return answerDrain(incarnation).forgotten();
  }

  void stopped(Incarnation incarnation) {
    abandon(incarnation);
    deps.secrets().ownerGone(unit.name(), secretHooks);
    deps.toolViews().unitStopped(unit);
    health().stopped(UnitActor.persistenceId(unit));
  }

  JournalHealth health() {
    return JournalHealth.get(ctx.getSystem());
  }

  /**
   * Tells the secret store where this unit's secret hooks go, and whether it is the leader (who
   * runs the application's): again with every report of a change (a hook that starts right after an
   * Assign included), which costs a map write unless leadership changed.
   */
  private void ownSecrets(UnitState state) {
    if (!state.isDead()) deps.secrets().owner(unit.name(), state.assigned().leader(), secretHooks);
  }

  /** Its process is killed, and whoever waits for an exec is told. */
  private void abandon(Incarnation incarnation) {
    switch (incarnation.work()) {
      case Work.Hook hook -> launcher.cancel(hook.context());
      case Work.AwaitingPod waiting -> {} // no process, no token
      case Work.Exec exec -> {
        launcher.cancel(exec.context());
        exec.exec()
            .replyTo()
            .tell(ExecReply.refused("unit " + unit + " restarted while the command ran"));
      }
      case Work.Action action -> launcher.cancel(action.context());
      case Work.Idle idle -> {}
    }
    incarnation
        .execs()
        .waiting()
        .forEach(e -> e.replyTo().tell(ExecReply.refused("unit " + unit + " stopped")));
  }

  private Incarnation answerActionWatchers(UnitState state, Incarnation incarnation) {
    Incarnation next = incarnation;
    for (var watched : incarnation.actionWatchers().entrySet()) {
      Optional<UnitState.UnitAction> action = state.actions().find(watched.getKey());
      if (action.isPresent() && !action.get().status().finished()) continue;
      ActionLookup lookup =
          new ActionLookup(
              unit,
              action.orElse(null),
              action.isPresent() ? "" : "unit " + unit + " keeps no action " + watched.getKey());
      watched.getValue().forEach(watcher -> watcher.tell(lookup));
      next = next.withoutActionWatchers(watched.getKey());
    }
    return next;
  }
}
