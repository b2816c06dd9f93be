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
 * What one incarnation of a {@link UnitActor} keeps beside its journaled state — what runs now and
 * what waits ({@link Incarnation}), the secret changes of the running context ({@link SecretDraft})
 * — and how it reaches out: the operator, its own mailbox, its timers, its processes. Shared by the
 * actor and the classes that take its commands ({@link UnitSteps}, {@link ProcessEndings}, {@link
 * ToolCalls}, {@link ActionIntake}); used on the actor's thread only, so it needs no locks.
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

  private Incarnation incarnation = Incarnation.fresh();
  private SecretDraft secretDraft = SecretDraft.NONE;

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

  Incarnation incarnation() {
    return incarnation;
  }

  void incarnation(Incarnation next) {
    incarnation = next;
  }

  SecretDraft secretDraft() {
    return secretDraft;
  }

  void secretDraft(SecretDraft next) {
    secretDraft = next;
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
  void afterChange(UnitState state) {
    report(state);
    if (state.isDead()) {
      operator.tell(new Report.Dead(unit));
    } else if (incarnation.draining()) {
      if (!incarnation.processRuns()) answerDrain();
    } else {
      ctx.getSelf().tell(UnitActor.ADVANCE);
    }
  }

  /** Tells the operator of the change, and whoever waits for an action that has now finished. */
  void report(UnitState state) {
    deps.toolViews().unitChanged(state);
    ownSecrets(state);
    operator.tell(new Report.Changed(UnitView.of(state)));
    answerActionWatchers(state);
  }

  void answerDrain() {
    incarnation.drainWaiters().forEach(w -> w.tell(new UnitActor.Drained(unit)));
    incarnation = incarnation.withoutDrainWaiters();
  }

  void scheduleRetry(int failedAttempts) {
    timers.startSingleTimer(
        RETRY_TIMER, new UnitActor.RetryDue(), deps.retry().delayAfter(failedAttempts));
  }

  void setUpdateStatusInterval(Duration interval) {
    if (interval == null || interval.equals(incarnation.updateStatusInterval())) return;
    incarnation = incarnation.withUpdateStatusInterval(interval);
    timers.startTimerWithFixedDelay(UPDATE_STATUS_TIMER, new UnitActor.UpdateStatusDue(), interval);
  }

  /**
   * The unit recovered its state from the journal (first start, or a restart in this JVM): what the
   * crash left behind is cleaned up, the timers that the operator does not set again are set, and
   * the operator hears of it.
   */
  void recovered(UnitState state) {
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
    report(state);
    operator.tell(new Report.Recovered(unit));
    ctx.getSelf().tell(UnitActor.ADVANCE);
  }

  /**
   * The behaviour restarts after a failed journal write (recovering from the journal, but keeping
   * this object): what was in flight is dropped, or the unit would wait for it forever. Its process
   * is cancelled, so a drain has nothing left to wait for.
   */
  void restarting() {
    abandon();
    answerDrain();
    incarnation = incarnation.forgotten();
  }

  void stopped() {
    abandon();
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
  private void abandon() {
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

  private void answerActionWatchers(UnitState state) {
    for (var watched : incarnation.actionWatchers().entrySet()) {
      Optional<UnitState.UnitAction> action = state.actions().find(watched.getKey());
      if (action.isPresent() && !action.get().status().finished()) continue;
      ActionLookup lookup =
          new ActionLookup(
              unit,
              action.orElse(null),
              action.isPresent() ? "" : "unit " + unit + " keeps no action " + watched.getKey());
      watched.getValue().forEach(watcher -> watcher.tell(lookup));
      incarnation = incarnation.withoutActionWatchers(watched.getKey());
    }
  }
}
