package io.caasoperator.unit;

import io.caasoperator.domain.Life;
import io.caasoperator.domain.UnitId;
import io.caasoperator.metrics.OperatorMetrics;
import io.caasoperator.hooktool.HookTools;
import io.caasoperator.hooktool.ToolEffects;
import io.caasoperator.persistence.OperatorEvent;
import io.caasoperator.hooktool.ToolOutcome;
import io.caasoperator.hook.ProcessResult;
import io.caasoperator.persistence.HookKind;
import io.caasoperator.persistence.JournalHealth;
import io.caasoperator.persistence.PlannedHook;
import io.caasoperator.persistence.UnitEvent;
import io.caasoperator.persistence.UnitEvent.*;
import io.caasoperator.persistence.UnitState;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletionStage;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.PostStop;
import org.apache.pekko.actor.typed.PreRestart;
import org.apache.pekko.actor.typed.SupervisorStrategy;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.TimerScheduler;
import org.apache.pekko.persistence.typed.JournalPersistFailed;
import org.apache.pekko.persistence.typed.PersistenceId;
import org.apache.pekko.persistence.typed.RecoveryCompleted;
import org.apache.pekko.persistence.typed.RecoveryFailed;
import org.apache.pekko.persistence.typed.javadsl.CommandHandler;
import org.apache.pekko.persistence.typed.javadsl.Effect;
import org.apache.pekko.persistence.typed.javadsl.EventHandler;
import org.apache.pekko.persistence.typed.javadsl.EventSourcedBehavior;
import org.apache.pekko.persistence.typed.javadsl.RetentionCriteria;
import org.apache.pekko.persistence.typed.javadsl.SignalHandler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One unit of the application ({@code unit|<app>/<n>}): runs its charm's hooks one at a time, in
 * the order {@link UnitResolver} decides, and records every step. {@code HookStarted} is persisted
 * before the process starts and {@code HookCompleted}/{@code HookFailed} after it ends, so after a
 * crash an interrupted hook runs again and a completed one never does. The actor's mailbox is the
 * unit's lock: the charm view is switched and hooks run only between other hooks.
 */
public final class UnitActor extends EventSourcedBehavior<UnitActor.Command, UnitEvent, UnitState> {

  public sealed interface Command {}

  /** The operator's wish for this unit; no reply. Recorded only where it differs. */
  public record Assign(Desired desired) implements Command {}

  /** A charm container of this unit started; no reply. Runs pebble-ready once per start id. */
  public record ObserveContainerStart(String container, String startId) implements Command {}

  /** Retry the failed hook now, or ({@code retry=false}) count it as done; replies at once. */
  public record Resolve(boolean retry, ActorRef<ResolveReply> replyTo) implements Command {}

  /** Replies with the unit's current view. */
  public record GetView(ActorRef<UnitView> replyTo) implements Command {}

  /** Replies with the unit's full state (operation state for debugging). */
  public record GetState(ActorRef<UnitState> replyTo) implements Command {}

  /**
   * Runs {@code sh -c commands} in the unit's context, serialised with its hooks: it waits for a
   * running hook, and no hook starts while it runs. Replies when it ends (or at once when the
   * unit cannot take it).
   */
  public record RunExec(String commands, Duration timeout, ActionRun action, ActorRef<ExecReply> replyTo)
      implements Command {}

  /**
   * A hook tool called by the hook or exec running now with {@code contextId}; replies with the
   * tool's outcome once the unit's part of its effects is persisted (application-wide effects go
   * to the operator first, so the next tool call sees them).
   */
  public record RunHookTool(String contextId, String tool, List<String> args, String stdin, ApplicationSnapshot app,
      ActorRef<ToolReply> replyTo) implements Command {}

  /** {@code outcome} when the tool ran; otherwise {@code denied} says why it may not. */
  public record ToolReply(ToolOutcome outcome, String denied) {}

  /** Start no more hooks; replies once no hook process of this unit runs (shutdown). */
  public record Drain(ActorRef<Drained> replyTo) implements Command {}

  /** How a resolve went; {@code detail} is a sentence for people. */
  public record ResolveReply(Outcome outcome, String detail) {
    public enum Outcome {
      RESOLVED,
      NOTHING_TO_RESOLVE,
      UNKNOWN_UNIT
    }
  }

  public record Drained(UnitId unit) {}

  /**
   * How an exec went: {@code result} is set when it ran; otherwise {@code detail} says why not.
   * {@code action} is what the action reported when the exec ran as one, else null.
   */
  public record ExecReply(Outcome outcome, ProcessResult result, String detail, ActionResult action) {
    public enum Outcome {
      RAN,
      /** the unit exists but cannot take it now (dying, no charm yet, shutting down) */
      REFUSED,
      UNKNOWN_UNIT
    }
  }

  /** What a unit tells the operator: its view after every change, and that it is dead. */
  public sealed interface Report {
    record Changed(UnitView view) implements Report {}

    /**
     * The unit (re)covered its state from the journal: whatever was sent to an earlier
     * incarnation may be lost, so the operator sends its desired state again.
     */
    record Recovered(UnitId unit) implements Report {}

    record Dead(UnitId unit) implements Report {}

    /**
     * Application-wide effects of a hook tool (status, leader settings, workload version), for
     * the application's journal.
     */
    record ApplicationEffects(UnitId unit, List<OperatorEvent> events) implements Report {}
  }

  private record Advance() implements Command {}

  private record RetryDue() implements Command {}

  private record UpdateStatusDue() implements Command {}

  private record HookFinished(HookLauncher.Context context, HookLauncher.Outcome outcome) implements Command {}

  private static final Advance ADVANCE = new Advance();
  private static final Object RETRY_TIMER = "retry";
  private static final Object UPDATE_STATUS_TIMER = "update-status";
  /** Restart a failed unit actor after 3 s, as Juju's uniter did; siblings never notice. */
  public static final Duration RESTART_DELAY = Duration.ofSeconds(3);

  public static String persistenceId(UnitId unit) {
    return "unit|" + unit.name();
  }

  public static Behavior<Command> create(UnitId unit, UnitDependencies deps, ActorRef<Report> operator) {
    Behavior<Command> behavior =
        Behaviors.setup(ctx -> Behaviors.withTimers(timers -> new UnitActor(unit, deps, operator, ctx, timers)));
    return Behaviors.supervise(behavior)
        .onFailure(SupervisorStrategy.restartWithBackoff(RESTART_DELAY, RESTART_DELAY, 0.0));
  }

  private final UnitId unit;
  private final UnitDependencies deps;
  private final ActorRef<Report> operator;
  private final ActorContext<Command> ctx;
  private final TimerScheduler<Command> timers;
  /**
   * A plain logger rather than the actor context's: that one sets the actor's MDC on every call,
   * twice per hook, and the log format shows no MDC; every line names its unit.
   */
  private static final Logger log = LoggerFactory.getLogger(UnitActor.class);
  private final HookLauncher launcher;
  private final String tag;
  private final OperatorMetrics metrics;

  // Per-incarnation facts, deliberately not persisted: a restart starts them afresh.
  private HookLauncher.Context inFlight;
  private final java.util.ArrayDeque<RunExec> pendingExecs = new java.util.ArrayDeque<>();
  private RunExec runningExec;
  private ActionResult.Recorder actionRecorder;
  private boolean retryNow;
  private boolean updateStatusDue;
  private Duration updateStatusInterval;
  private final List<ActorRef<Drained>> drainWaiters = new ArrayList<>();
  private boolean draining;

  private UnitActor(
      UnitId unit, UnitDependencies deps, ActorRef<Report> operator, ActorContext<Command> ctx, TimerScheduler<Command> timers) {
    super(
        PersistenceId.ofUniqueId(persistenceId(unit)),
        org.apache.pekko.actor.typed.SupervisorStrategy.restartWithBackoff(RESTART_DELAY, RESTART_DELAY, 0.0));
    this.unit = unit;
    this.deps = deps;
    this.operator = operator;
    this.ctx = ctx;
    this.timers = timers;
    this.launcher = new HookLauncher(unit, deps);
    this.tag = "app:" + unit.application().value();
    this.metrics = OperatorMetrics.get(ctx.getSystem());
  }

  @Override
  public UnitState emptyState() {
    return UnitState.initial(unit);
  }

  @Override
  public Set<String> tagsFor(UnitEvent event) {
    return Set.of(tag);
  }

  @Override
  public RetentionCriteria retentionCriteria() {
    return RetentionCriteria.snapshotEvery(snapshotEvery(), 2);
  }

  private int snapshotEvery() {
    var config = ctx.getSystem().settings().config();
    return config.hasPath("caas.journal.snapshot-every") ? config.getInt("caas.journal.snapshot-every") : 100;
  }

  @Override
  public CommandHandler<Command, UnitEvent, UnitState> commandHandler() {
    return newCommandHandlerBuilder()
        .forAnyState()
        .onCommand(Assign.class, this::onAssign)
        .onCommand(ObserveContainerStart.class, this::onContainerStart)
        .onCommand(Resolve.class, this::onResolve)
        .onCommand(GetView.class, (state, cmd) -> Effect().reply(cmd.replyTo(), UnitView.of(state)))
        .onCommand(GetState.class, (state, cmd) -> Effect().reply(cmd.replyTo(), state))
        .onCommand(Drain.class, this::onDrain)
        .onCommand(RunExec.class, this::onExec)
        .onCommand(RunHookTool.class, this::onHookTool)
        .onCommand(Advance.class, this::onAdvance)
        .onCommand(RetryDue.class, (state, cmd) -> {
          retryNow = true;
          return onAdvance(state, ADVANCE);
        })
        .onCommand(UpdateStatusDue.class, (state, cmd) -> {
          updateStatusDue = true;
          return onAdvance(state, ADVANCE);
        })
        .onCommand(HookFinished.class, this::onHookFinished)
        .build();
  }

  @Override
  public EventHandler<UnitState, UnitEvent> eventHandler() {
    return newEventHandlerBuilder().forAnyState().onAnyEvent(UnitState::apply);
  }

  @Override
  public SignalHandler<UnitState> signalHandler() {
    return newSignalHandlerBuilder()
        .onSignal(RecoveryCompleted.instance(), this::onRecovered)
        .onSignal(JournalPersistFailed.class, (state, failed) -> health().writeFailed(persistenceId(unit), failed.getFailure()))
        .onSignal(RecoveryFailed.class, (state, failed) -> health().recoveryFailed(persistenceId(unit), failed.getFailure()))
        .onSignal(PreRestart.instance(), state -> {
          cancelInFlight();
          forgetInFlight();
        })
        .onSignal(PostStop.instance(), state -> {
          cancelInFlight();
          health().stopped(persistenceId(unit));
        })
        .build();
  }

  private JournalHealth health() {
    return JournalHealth.get(ctx.getSystem());
  }


  /**
   * A persist failure restarts the event-sourced behaviour (recovering from the journal) but keeps
   * this object, so what was in flight must be dropped here or the unit would wait for it forever.
   * Its processes were just cancelled, so a drain has nothing left to wait for.
   */
  private void forgetInFlight() {
    inFlight = null;
    runningExec = null;
    actionRecorder = null;
    pendingExecs.clear();
    drainWaiters.forEach(w -> w.tell(new Drained(unit)));
    drainWaiters.clear();
  }

  private void onRecovered(UnitState state) {
    health().recovered(persistenceId(unit));
    if (state.failed() != null) scheduleRetry(state.failed().attempt());
    // A hook interrupted by a crash runs again; whatever is left of its first run goes first.
    if (state.running() != null) deps.executor().cancel(state.running().contextId());
    // after a restart in this JVM the operator does not send the interval again
    if (updateStatusInterval != null) {
      timers.startTimerWithFixedDelay(UPDATE_STATUS_TIMER, new UpdateStatusDue(), updateStatusInterval);
    }
    report(state);
    operator.tell(new Report.Recovered(unit));
    ctx.getSelf().tell(ADVANCE);
  }

  private void cancelInFlight() {
    if (inFlight != null) launcher.cancel(inFlight);
    if (runningExec != null) runningExec.replyTo().tell(refused("unit " + unit + " restarted while the command ran"));
    pendingExecs.forEach(e -> e.replyTo().tell(refused("unit " + unit + " stopped")));
  }

  private Effect<UnitEvent, UnitState> onAssign(UnitState state, Assign cmd) {
    Desired want = cmd.desired();
    Instant now = now();
    List<UnitEvent> events = new ArrayList<>();
    UnitState base = state;
    if (state.isDead() && want.life() == Life.ALIVE) {
      events.add(new Revived(now));
      base = UnitState.initial(unit);
    }
    if (!base.isDead() && want.life() == Life.DYING && base.life() == Life.ALIVE) {
      events.add(new LifeAssigned(Life.DYING, now));
    }
    if (!base.isDead()) {
      if (want.charm() != null
          && (base.assigned().charm() == null || base.assigned().charm().generation() != want.charm().generation())) {
        events.add(new CharmAssigned(want.charm(), now));
      }
      if (want.configGeneration() != base.assigned().configGeneration()) events.add(new ConfigAssigned(want.configGeneration(), now));
      if (want.leader() != base.assigned().leader()) events.add(new LeadershipAssigned(want.leader(), now));
      if (want.leaderSettingsGeneration() != base.assigned().leaderSettingsGeneration()) {
        events.add(new LeaderSettingsAssigned(want.leaderSettingsGeneration(), now));
      }
    }
    setUpdateStatusInterval(want.updateStatusInterval());
    if (events.isEmpty()) {
      if (state.isDead()) operator.tell(new Report.Dead(unit));
      return Effect().none();
    }
    return persistAndStartNext(state, events);
  }

  /**
   * Persists {@code events} and, when they make a hook due and nothing runs, that hook's
   * HookStarted in the same journal write: one round trip where there would be two, and the
   * hook's start is still in the journal before its process starts.
   */
  private Effect<UnitEvent, UnitState> persistAndStartNext(UnitState state, List<UnitEvent> events) {
    return persistAndStartNext(state, events, () -> {});
  }

  /** As above; {@code persisted} runs first once the events are in the journal (e.g. its log line). */
  private Effect<UnitEvent, UnitState> persistAndStartNext(UnitState state, List<UnitEvent> events, Runnable persisted) {
    if (inFlight == null && !draining && pendingExecs.isEmpty()) {
      UnitState after = state;
      for (UnitEvent e : events) after = after.apply(e);
      if (UnitResolver.next(after, false, retryNow, updateStatusDue) instanceof UnitResolver.Next.Run run) {
        return startHook(events, after, run, now(), persisted);
      }
    }
    return Effect().persist(events).thenRun(s -> {
      persisted.run();
      afterChange(s);
    });
  }

  private Effect<UnitEvent, UnitState> onContainerStart(UnitState state, ObserveContainerStart cmd) {
    if (state.isDead() || cmd.startId().equals(state.observed().containerStarts().get(cmd.container()))) return Effect().none();
    return persistAndStartNext(state, List.of(new ContainerStartObserved(cmd.container(), cmd.startId(), now())));
  }

  private Effect<UnitEvent, UnitState> onResolve(UnitState state, Resolve cmd) {
    if (state.failed() == null) {
      return Effect().reply(cmd.replyTo(), new ResolveReply(ResolveReply.Outcome.NOTHING_TO_RESOLVE, "unit " + unit + " has no failed hook"));
    }
    String hook = state.failed().hook().name();
    if (cmd.retry()) retryNow = true;
    return Effect()
        .persist(new HookResolved(cmd.retry(), now()))
        .thenRun(this::afterChange)
        .thenReply(cmd.replyTo(), s -> new ResolveReply(ResolveReply.Outcome.RESOLVED, (cmd.retry() ? "retrying " : "skipped ") + "hook \"" + hook + "\""));
  }

  private Effect<UnitEvent, UnitState> onDrain(UnitState state, Drain cmd) {
    draining = true;
    pendingExecs.forEach(e -> e.replyTo().tell(refused("the operator is shutting down")));
    pendingExecs.clear();
    if (inFlight == null) return Effect().reply(cmd.replyTo(), new Drained(unit));
    drainWaiters.add(cmd.replyTo());
    return Effect().none();
  }

  private Effect<UnitEvent, UnitState> onExec(UnitState state, RunExec cmd) {
    if (draining) return Effect().reply(cmd.replyTo(), refused("the operator is shutting down"));
    if (state.life() != Life.ALIVE) return Effect().reply(cmd.replyTo(), refused("unit " + unit + " is " + state.life().label()));
    if (state.charmInUse() == null) return Effect().reply(cmd.replyTo(), refused("unit " + unit + " has no charm yet"));
    pendingExecs.add(cmd);
    return onAdvance(state, ADVANCE);
  }

  private Effect<UnitEvent, UnitState> onHookTool(UnitState state, RunHookTool cmd) {
    if (inFlight == null || !cmd.contextId().equals(inFlight.contextId())) {
      return Effect().reply(cmd.replyTo(), new ToolReply(null, "the hook or command this token belongs to has finished"));
    }
    String hook = state.running() != null ? state.running().hook().name() : null;
    Instant now = now();
    ActionRun action = runningExec != null ? runningExec.action() : null;
    ToolOutcome outcome =
        HookTools.run(cmd.tool(), cmd.args(), cmd.stdin(), new UnitToolContext(state, cmd.app(), hook, action), now);
    ToolEffects effects = ToolEffects.split(outcome.effects(), now);
    effects.logged().forEach(line -> log(line.level(), hook, line.message()));
    if (actionRecorder != null) effects.actionEffects().forEach(actionRecorder::record);
    if (!effects.applicationEvents().isEmpty()) operator.tell(new Report.ApplicationEffects(unit, effects.applicationEvents()));
    List<UnitEvent> events = effects.unitEvents();
    ToolReply reply = new ToolReply(outcome, null);
    if (events.isEmpty()) return Effect().reply(cmd.replyTo(), reply);
    return Effect().persist(events).thenRun(this::report).thenReply(cmd.replyTo(), s -> reply);
  }

  /** juju-log: the charm's own words, in the operator's log, at the level it chose. */
  private void log(String level, String hook, String message) {
    String where = hook == null ? "exec" : hook;
    switch (level.toUpperCase(java.util.Locale.ROOT)) {
      case "ERROR", "CRITICAL" -> log.error("unit {} {}: {}", unit, where, message);
      case "WARNING", "WARN" -> log.warn("unit {} {}: {}", unit, where, message);
      case "DEBUG", "TRACE" -> log.debug("unit {} {}: {}", unit, where, message);
      default -> log.info("unit {} {}: {}", unit, where, message);
    }
  }

  private static ExecReply refused(String why) {
    return new ExecReply(ExecReply.Outcome.REFUSED, null, why, null);
  }

  /** Execs go before the next hook, so a person waiting at a terminal is not starved by hooks. */
  private Effect<UnitEvent, UnitState> startExec(RunExec exec) {
    HookLauncher.Context context = launcher.execContext();
    inFlight = context;
    runningExec = exec;
    actionRecorder = exec.action() == null ? null : new ActionResult.Recorder();
    return Effect()
        .persist(new ExecStarted(context.contextId(), HookLauncher.digest(exec.commands()), now()))
        .thenRun(s -> pipe(context, launcher.exec(context, exec.commands(), exec.timeout(), exec.action(), s.charmInUse())));
  }

  private Effect<UnitEvent, UnitState> onAdvance(UnitState state, Advance cmd) {
    if (draining) return Effect().none();
    if (inFlight == null && state.running() == null && !pendingExecs.isEmpty()) return startExec(pendingExecs.poll());
    UnitResolver.Next next = UnitResolver.next(state, inFlight != null, retryNow, updateStatusDue);
    Instant now = now();
    return switch (next) {
      case UnitResolver.Next.Wait w -> Effect().none();
      case UnitResolver.Next.SwitchCharm s ->
          Effect().persist(new CharmSwitched(state.assigned().charm().generation(), now)).thenRun(this::afterChange);
      case UnitResolver.Next.Die d -> Effect().persist(new LifeAssigned(Life.DEAD, now)).thenRun(this::afterChange);
      case UnitResolver.Next.Run run -> startHook(List.of(), state, run, now, () -> {});
    };
  }

  /**
   * Starts the hook {@code run} decided on from {@code state}; {@code before} are events not yet
   * persisted that {@code state} already includes (the previous hook's completion), written in
   * the same journal write.
   */
  private Effect<UnitEvent, UnitState> startHook(
      List<UnitEvent> before, UnitState state, UnitResolver.Next.Run run, Instant now, Runnable persisted) {
    PlannedHook hook = run.hook();
    var charm = run.switchCharm() ? state.assigned().charm() : state.charmInUse();
    if (!charm.implementsHook(hook.name())) {
      List<UnitEvent> events = new ArrayList<>(before);
      if (run.switchCharm()) events.add(new CharmSwitched(charm.generation(), now));
      events.add(new HookSkipped(hook, now));
      clearTriggers(hook);
      return Effect().persist(events).thenRun(s -> {
        persisted.run();
        afterChange(s);
      });
    }
    HookLauncher.Context context = launcher.hookContext(hook.name());
    List<UnitEvent> events = new ArrayList<>(before);
    if (run.switchCharm()) events.add(new CharmSwitched(charm.generation(), now));
    events.add(new HookStarted(hook, run.attempt(), context.contextId(), now));
    clearTriggers(hook);
    inFlight = context;
    return Effect().persist(events).thenRun(s -> {
      persisted.run();
      launchHook(s, context);
    });
  }

  private void clearTriggers(PlannedHook hook) {
    retryNow = false;
    if (hook.kind() == HookKind.UPDATE_STATUS) updateStatusDue = false;
  }

  /** Runs after HookStarted is safely in the journal: only now may the process start. */
  private void launchHook(UnitState state, HookLauncher.Context context) {
    report(state);
    PlannedHook hook = state.running().hook();
    log.info("unit {} hook {} started (attempt {})", unit, hook.name(), state.running().attempt());
    pipe(context, launcher.hook(context, hook, state.charmInUse()));
  }

  private void pipe(HookLauncher.Context context, CompletionStage<HookLauncher.Outcome> run) {
    ctx.pipeToSelf(run, (outcome, error) -> new HookFinished(context, outcome));
  }

  private Effect<UnitEvent, UnitState> onHookFinished(UnitState state, HookFinished done) {
    if (!done.context().equals(inFlight)) {
      return Effect().none(); // a process of an earlier incarnation; its hook runs again
    }
    inFlight = null;
    if (runningExec != null) return execFinished(done);
    if (state.running() == null) return Effect().none();
    String hook = state.running().hook().name();
    Instant now = now();
    long millis = Duration.between(state.running().startedAt(), now).toMillis();
    String reason = launcher.hookFailure(done.outcome());
    ProcessResult result = done.outcome() instanceof HookLauncher.Outcome.Ran ran ? ran.result() : null;
    metrics.hookEnded(state.running().hook().kind().label(), reason == null, Duration.ofMillis(millis));
    // Logged once the outcome is in the journal: a log line that says "completed" is a promise
    // that the hook never runs again, even if the process is killed right after it.
    if (reason == null) {
      return persistAndStartNext(state, List.of(new HookCompleted(hook, millis, now)),
          () -> log.info("unit {} hook {} completed in {} ms", unit, hook, millis));
    }
    int exitCode = result == null ? -1 : result.exitCode();
    int attempt = state.running().attempt();
    return Effect()
        .persist(new HookFailed(hook, exitCode, reason, millis, now))
        .thenRun(s -> {
          log.warn("unit {} hook {} failed after {} ms: {}{}", unit, hook, millis, reason,
              result == null || result.stderr().isBlank() ? "" : "\n" + result.stderr().strip());
          scheduleRetry(attempt);
          afterChange(s);
        });
  }

  private Effect<UnitEvent, UnitState> execFinished(HookFinished done) {
    RunExec exec = runningExec;
    ActionResult.Recorder recorder = actionRecorder;
    runningExec = null;
    actionRecorder = null;
    ProcessResult result = HookLauncher.execResult(done.outcome());
    metrics.execEnded(result.exitCode(), result.timedOut());
    // The caller gets its result now, not one journal write later: the record of how an exec
    // ended changes no state, and a crash before it is written loses only that record.
    exec.replyTo().tell(new ExecReply(ExecReply.Outcome.RAN, result, "",
        recorder == null ? null : recorder.result(result.exitCode())));
    return Effect()
        .persist(new ExecCompleted(done.context().contextId(), result.exitCode(), result.timedOut(), result.duration().toMillis(), now()))
        .thenRun(this::afterChange);
  }

  private void scheduleRetry(int failedAttempts) {
    timers.startSingleTimer(RETRY_TIMER, new RetryDue(), deps.retry().delayAfter(failedAttempts));
  }

  private void setUpdateStatusInterval(Duration interval) {
    if (interval == null || interval.equals(updateStatusInterval)) return;
    updateStatusInterval = interval;
    timers.startTimerWithFixedDelay(UPDATE_STATUS_TIMER, new UpdateStatusDue(), interval);
  }

  /** After every persisted change: tell the operator, finish a drain, or take the next step. */
  private void afterChange(UnitState state) {
    report(state);
    if (state.isDead()) {
      operator.tell(new Report.Dead(unit));
      return;
    }
    if (draining) {
      if (inFlight == null) {
        drainWaiters.forEach(w -> w.tell(new Drained(unit)));
        drainWaiters.clear();
      }
      return;
    }
    ctx.getSelf().tell(ADVANCE);
  }

  private void report(UnitState state) {
    operator.tell(new Report.Changed(UnitView.of(state)));
  }

  private Instant now() {
    return deps.clock().instant();
  }
}
