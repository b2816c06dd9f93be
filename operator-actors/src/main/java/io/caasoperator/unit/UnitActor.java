package io.caasoperator.unit;

import io.caasoperator.domain.DurationText;
import io.caasoperator.domain.Life;
import io.caasoperator.domain.UnitId;
import io.caasoperator.hook.ProcessResult;
import io.caasoperator.metrics.OperatorMetrics;
import io.caasoperator.persistence.ActionStatus;
import io.caasoperator.persistence.JournalHealth;
import io.caasoperator.persistence.OperatorEvent;
import io.caasoperator.persistence.PebbleNotice;
import io.caasoperator.persistence.PlannedHook;
import io.caasoperator.persistence.UnitEvent;
import io.caasoperator.persistence.UnitEvent.*;
import io.caasoperator.persistence.UnitState;
import io.caasoperator.persistence.secret.SecretTrigger;
import io.caasoperator.secret.SecretChange;
import io.caasoperator.secret.SecretStore;
import io.caasoperator.unit.Incarnation.Work;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletionStage;
import java.util.function.Consumer;
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
import org.apache.pekko.persistence.typed.javadsl.CommandHandlerBuilder;
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
 * unit's lock: the charm view is switched and hooks run only between other hooks. Charm actions and
 * execs run between hooks too, in the order they arrived: an action is journaled when it is queued
 * ({@code ActionQueued}), when it starts and when it finishes; one interrupted by a crash is
 * recorded failed, never run again. Processes are started by its {@link HookLauncher}; what it runs
 * now and what waits is its {@link Incarnation}.
 */
public final class UnitActor extends EventSourcedBehavior<UnitActor.Command, UnitEvent, UnitState> {

  public sealed interface Command {}

  /** The operator's wish for this unit; no reply. Recorded only where it differs. */
  public record Assign(Desired desired) implements Command {}

  /** A charm container of this unit started; no reply. Runs pebble-ready once per start id. */
  public record ObserveContainerStart(String container, String startId) implements Command {}

  /**
   * A container's Pebble reported a custom notice or a check transition; no reply. Queued (once)
   * until its hook ran. Nothing sends it yet: the substrate path is still missing.
   */
  public record ObservePebbleNotice(PebbleNotice notice) implements Command {}

  /**
   * The secret store found a secret hook due for this unit; no reply. Queued (once) until its hook
   * ran, when the unit owns the secret (the leader, for the application's); otherwise ignored.
   */
  public record ObserveSecretTrigger(SecretTrigger trigger) implements Command {}

  /** Retry the failed hook now, or ({@code retry=false}) count it as done; replies at once. */
  public record Resolve(boolean retry, ActorRef<ResolveReply> replyTo) implements Command {}

  /** Replies with the unit's current view. */
  public record GetView(ActorRef<UnitView> replyTo) implements Command {}

  /** Replies with the unit's full state (operation state for debugging). */
  public record GetState(ActorRef<UnitState> replyTo) implements Command {}

  /**
   * Runs {@code sh -c commands} in the unit's context, serialised with its hooks: it waits for a
   * running hook, and no hook starts while it runs. Replies when it ends (or at once when the unit
   * cannot take it).
   */
  public record RunExec(
      String commands, Duration timeout, ActionRun action, ActorRef<ExecReply> replyTo)
      implements Command {}

  /**
   * A hook tool called by the hook or exec running now with {@code contextId}; replies with the
   * tool's outcome once the unit's part of its effects is persisted (application-wide effects go to
   * the operator first, so the next tool call sees them).
   */
  public record RunHookTool(
      String contextId,
      String tool,
      List<String> args,
      String stdin,
      ApplicationSnapshot app,
      ActorRef<ToolReply> replyTo)
      implements Command {}

  /**
   * Checks a request to run the charm's action {@code name} against the charm the unit runs ({@link
   * ActionRequests}): replies {@link ActionReply.Refused} at once, or hands the accepted request
   * (its parameters with defaults filled in) to the operator ({@link Report.ActionAccepted}), which
   * gives it an id and sends {@link QueueAction}. Changes nothing itself.
   */
  public record RequestAction(
      String name, Map<String, Object> params, ActorRef<ActionReply> replyTo) implements Command {}

  /**
   * Queues the accepted action {@code id}: replies {@link ActionReply.Queued} once its ActionQueued
   * is in the journal (or Refused, when the unit cannot take it any more). It then waits for the
   * running hook and for the actions and execs that came before it.
   */
  public record QueueAction(
      long id, String name, Map<String, Object> params, ActorRef<ActionReply> replyTo)
      implements Command {}

  /**
   * Replies with the action {@code id} as the unit keeps it; with {@code untilFinished}, only once
   * it has finished (at once when it has). The reply has no action when the unit does not keep it.
   */
  public record GetAction(long id, boolean untilFinished, ActorRef<ActionLookup> replyTo)
      implements Command {}

  /** Start no more hooks; replies once no hook process of this unit runs (shutdown). */
  public record Drain(ActorRef<Drained> replyTo) implements Command {}

  public record Drained(UnitId unit) {}

  /** What a unit tells the operator: its view after every change, and that it is dead. */
  public sealed interface Report {
    record Changed(UnitView view) implements Report {}

    /**
     * The unit (re)covered its state from the journal: whatever was sent to an earlier incarnation
     * may be lost, so the operator sends its desired state again.
     */
    record Recovered(UnitId unit) implements Report {}

    record Dead(UnitId unit) implements Report {}

    /**
     * The unit accepted a request to run its charm's action {@code name} with {@code params}
     * (defaults filled in): the operator gives it the next action id and sends {@link QueueAction}
     * with {@code replyTo}.
     */
    record ActionAccepted(
        UnitId unit, String name, Map<String, Object> params, ActorRef<ActionReply> replyTo)
        implements Report {}

    /**
     * Application-wide effects of a hook tool (status, leader settings, workload version), for the
     * application's journal.
     */
    record ApplicationEffects(UnitId unit, List<OperatorEvent> events) implements Report {}
  }

  /** Look for the next step (after a change, or when an exec arrives). */
  private record Advance() implements Command {}

  private record RetryDue() implements Command {}

  private record UpdateStatusDue() implements Command {}

  /** The process of {@code context} ended (or could not run). */
  private record ProcessEnded(HookLauncher.Context context, HookLauncher.Outcome outcome)
      implements Command {}

  /**
   * The secret store answered the commit of the secret changes of the hook {@code context} whose
   * process ended with {@code outcome}; {@code failure} says why it could not commit (null when it
   * did).
   */
  private record SecretsCommitted(
      HookLauncher.Context context, HookLauncher.Outcome outcome, String failure)
      implements Command {}

  /** The started hook {@code contextId} waited long enough for its pod: launch it again. */
  private record PodWaitOver(String contextId) implements Command {}

  private static final Advance ADVANCE = new Advance();
  private static final Object RETRY_TIMER = "retry";
  private static final Object UPDATE_STATUS_TIMER = "update-status";
  private static final Object POD_WAIT_TIMER = "pod-wait";

  /** Restart a failed unit actor after 3 s, as Juju's uniter did; siblings never notice. */
  public static final Duration RESTART_DELAY = Duration.ofSeconds(3);

  /**
   * A plain logger rather than the actor context's: that one sets the actor's MDC on every call,
   * twice per hook, and the log format shows no MDC; every line names its unit.
   */
  private static final Logger log = LoggerFactory.getLogger(UnitActor.class);

  public static String persistenceId(UnitId unit) {
    return "unit|" + unit.name();
  }

  public static Behavior<Command> create(
      UnitId unit, UnitDependencies deps, ActorRef<Report> operator) {
    Behavior<Command> behavior =
        Behaviors.setup(
            ctx ->
                Behaviors.withTimers(timers -> new UnitActor(unit, deps, operator, ctx, timers)));
    return Behaviors.supervise(behavior)
        .onFailure(SupervisorStrategy.restartWithBackoff(RESTART_DELAY, RESTART_DELAY, 0.0));
  }

  private final UnitId unit;
  private final UnitDependencies deps;
  private final ActorRef<Report> operator;
  private final ActorContext<Command> ctx;
  private final TimerScheduler<Command> timers;
  private final HookLauncher launcher;
  private final OperatorMetrics metrics;
  private Incarnation incarnation = Incarnation.fresh();
  private SecretDraft secretDraft = SecretDraft.NONE;

  /** Where the secret store hands this unit's secret hooks: its own mailbox. */
  private final Consumer<SecretTrigger> secretHooks;

  /** A commit waits for one journal write: far below this unless the journal is in trouble. */
  private static final Duration SECRET_COMMIT_TIMEOUT = Duration.ofSeconds(30);

  private UnitActor(
      UnitId unit,
      UnitDependencies deps,
      ActorRef<Report> operator,
      ActorContext<Command> ctx,
      TimerScheduler<Command> timers) {
    super(
        PersistenceId.ofUniqueId(persistenceId(unit)),
        SupervisorStrategy.restartWithBackoff(RESTART_DELAY, RESTART_DELAY, 0.0));
    this.unit = unit;
    this.deps = deps;
    this.operator = operator;
    this.ctx = ctx;
    this.timers = timers;
    this.launcher = new HookLauncher(unit, deps);
    this.metrics = OperatorMetrics.get(ctx.getSystem());
    ActorRef<Command> self = ctx.getSelf();
    this.secretHooks = trigger -> self.tell(new ObserveSecretTrigger(trigger));
  }

  @Override
  public UnitState emptyState() {
    return UnitState.initial(unit);
  }

  @Override
  public CommandHandler<Command, UnitEvent, UnitState> commandHandler() {
    CommandHandlerBuilder<Command, UnitEvent, UnitState> builder = newCommandHandlerBuilder();
    // A dead unit runs nothing: it answers questions, refuses execs and tools, and can be revived.
    builder
        .forState(UnitState::isDead)
        .onCommand(ObserveContainerStart.class, (state, cmd) -> Effect().none())
        .onCommand(ObservePebbleNotice.class, (state, cmd) -> Effect().none())
        .onCommand(ObserveSecretTrigger.class, (state, cmd) -> Effect().none())
        .onCommand(Advance.class, (state, cmd) -> Effect().none())
        .onCommand(RetryDue.class, (state, cmd) -> Effect().none())
        .onCommand(UpdateStatusDue.class, (state, cmd) -> Effect().none());
    builder
        .forAnyState()
        .onCommand(Assign.class, this::onAssign)
        .onCommand(ObserveContainerStart.class, this::onContainerStart)
        .onCommand(
            ObservePebbleNotice.class,
            (state, cmd) ->
                state.observed().pebbleNotices().contains(cmd.notice())
                    ? Effect().none()
                    : persistAndStartNext(
                        state, List.of(new PebbleNoticeObserved(cmd.notice(), now())), () -> {}))
        .onCommand(ObserveSecretTrigger.class, this::onSecretTrigger)
        .onCommand(Resolve.class, this::onResolve)
        .onCommand(GetView.class, (state, cmd) -> Effect().reply(cmd.replyTo(), UnitView.of(state)))
        .onCommand(GetState.class, (state, cmd) -> Effect().reply(cmd.replyTo(), state))
        .onCommand(Drain.class, this::onDrain)
        .onCommand(RunExec.class, this::onExec)
        .onCommand(RunHookTool.class, this::onHookTool)
        .onCommand(RequestAction.class, this::onRequestAction)
        .onCommand(QueueAction.class, this::onQueueAction)
        .onCommand(GetAction.class, this::onGetAction)
        .onCommand(Advance.class, (state, cmd) -> advance(state))
        .onCommand(
            RetryDue.class,
            (state, cmd) -> {
              incarnation = incarnation.withRetryNow();
              return advance(state);
            })
        .onCommand(
            UpdateStatusDue.class,
            (state, cmd) -> {
              incarnation = incarnation.withUpdateStatusDue();
              return advance(state);
            })
        .onCommand(ProcessEnded.class, this::onProcessEnded)
        .onCommand(SecretsCommitted.class, this::onSecretsCommitted)
        .onCommand(PodWaitOver.class, this::onPodWaitOver);
    return builder.build();
  }

  private Effect<UnitEvent, UnitState> onAssign(UnitState state, Assign cmd) {
    setUpdateStatusInterval(cmd.desired().updateStatusInterval());
    List<UnitEvent> events = cmd.desired().changesFrom(state, now());
    if (!events.isEmpty()) return persistAndStartNext(state, events, () -> {});
    if (state.isDead()) operator.tell(new Report.Dead(unit));
    return Effect().none();
  }

  private Effect<UnitEvent, UnitState> onContainerStart(
      UnitState state, ObserveContainerStart cmd) {
    if (cmd.startId().equals(state.observed().containerStarts().get(cmd.container())))
      return Effect().none();
    List<UnitEvent> observed =
        List.of(new ContainerStartObserved(cmd.container(), cmd.startId(), now()));
    if (incarnation.work() instanceof Work.AwaitingPod waiting) {
      // The pod changed: it may take the waiting hook now, before the timer says so.
      var waitOver = new PodWaitOver(waiting.contextId());
      return Effect()
          .persist(observed)
          .thenRun(this::report)
          .thenRun(s -> ctx.getSelf().tell(waitOver));
    }
    return persistAndStartNext(state, observed, () -> {});
  }

  private Effect<UnitEvent, UnitState> onSecretTrigger(UnitState state, ObserveSecretTrigger cmd) {
    SecretTrigger trigger = cmd.trigger();
    boolean owns =
        switch (trigger.owner().kind()) {
          case APPLICATION -> state.assigned().leader();
          case UNIT -> trigger.owner().name().equals(unit.name());
        };
    // A re-delivery of a trigger still waiting (or running) is the same occurrence: queued once.
    if (!owns || state.observed().secretTriggers().contains(trigger)) return Effect().none();
    return persistAndStartNext(state, List.of(new SecretTriggerObserved(trigger, now())), () -> {});
  }

  /** The started hook that waited for its pod runs again, in the same context (its HookStarted). */
  private Effect<UnitEvent, UnitState> onPodWaitOver(UnitState state, PodWaitOver cmd) {
    if (!(incarnation.work() instanceof Work.AwaitingPod waiting)
        || !waiting.contextId().equals(cmd.contextId())
        || incarnation.draining()) {
      return Effect().none(); // ended early by a container start, or the operator shuts down
    }
    timers.cancel(POD_WAIT_TIMER);
    HookLauncher.Context context = launcher.again(waiting.contextId());
    incarnation = incarnation.with(new Work.Hook(context, waiting.notReady()));
    pipe(context, launcher.hook(context, state.running().hook(), state.charmInUse()));
    return Effect().none();
  }

  private Effect<UnitEvent, UnitState> onResolve(UnitState state, Resolve cmd) {
    if (state.failed() == null) {
      return Effect()
          .reply(
              cmd.replyTo(),
              new ResolveReply(
                  ResolveReply.Outcome.NOTHING_TO_RESOLVE, "unit " + unit + " has no failed hook"));
    }
    String hook = state.failed().hook().name();
    if (cmd.retry()) incarnation = incarnation.withRetryNow();
    return Effect()
        .persist(new HookResolved(cmd.retry(), now()))
        .thenRun(this::afterChange)
        .thenReply(
            cmd.replyTo(),
            s ->
                new ResolveReply(
                    ResolveReply.Outcome.RESOLVED,
                    (cmd.retry() ? "retrying " : "skipped ") + "hook \"" + hook + "\""));
  }

  private Effect<UnitEvent, UnitState> onDrain(UnitState state, Drain cmd) {
    incarnation.execs().waiting().forEach(e -> e.replyTo().tell(refused(ExecQueue.SHUTTING_DOWN)));
    incarnation = incarnation.drainingNow();
    if (!incarnation.processRuns()) return Effect().reply(cmd.replyTo(), new Drained(unit));
    incarnation = incarnation.withDrainWaiter(cmd.replyTo());
    return Effect().none();
  }

  private Effect<UnitEvent, UnitState> onExec(UnitState state, RunExec cmd) {
    var refusal = ExecQueue.refusal(state, incarnation.draining());
    if (refusal.isPresent()) return Effect().reply(cmd.replyTo(), refused(refusal.get()));
    // after the actions waiting now, before those queued later
    incarnation =
        incarnation.withExecs(incarnation.execs().add(cmd, state.actions().lastPendingId()));
    return advance(state);
  }

  private Effect<UnitEvent, UnitState> onRequestAction(UnitState state, RequestAction cmd) {
    return switch (ActionRequests.decide(state, incarnation.draining(), cmd.name(), cmd.params())) {
      case ActionRequests.Decision.Refused refused ->
          Effect().reply(cmd.replyTo(), refused.reply());
      case ActionRequests.Decision.Accepted accepted -> {
        operator.tell(
            new Report.ActionAccepted(unit, cmd.name(), accepted.params(), cmd.replyTo()));
        yield Effect().none();
      }
    };
  }

  private Effect<UnitEvent, UnitState> onQueueAction(UnitState state, QueueAction cmd) {
    Optional<UnitState.UnitAction> known = state.actions().find(cmd.id());
    if (known.isPresent())
      return Effect().reply(cmd.replyTo(), new ActionReply.Queued(unit, known.get()));
    // Checked again: the unit may have started dying, or the operator shutting down, since it
    // accepted the request (its id then goes unused).
    Optional<String> unavailable = ExecQueue.refusal(state, incarnation.draining());
    if (unavailable.isPresent()) {
      return Effect()
          .reply(
              cmd.replyTo(),
              new ActionReply.Refused(
                  ActionReply.Refusal.UNAVAILABLE, unavailable.get(), List.of(), List.of()));
    }
    return Effect()
        .persist(new ActionQueued(cmd.id(), cmd.name(), cmd.params(), now()))
        .thenRun(
            s -> {
              log.info("unit {} action {} ({}) queued", unit, cmd.id(), cmd.name());
              cmd.replyTo()
                  .tell(new ActionReply.Queued(unit, s.actions().find(cmd.id()).orElseThrow()));
              afterChange(s);
            });
  }

  private Effect<UnitEvent, UnitState> onGetAction(UnitState state, GetAction cmd) {
    Optional<UnitState.UnitAction> action = state.actions().find(cmd.id());
    if (action.isEmpty()) {
      return Effect()
          .reply(
              cmd.replyTo(),
              new ActionLookup(
                  unit,
                  null,
                  "unit "
                      + unit
                      + " keeps no action "
                      + cmd.id()
                      + " (a unit keeps its last "
                      + UnitState.Actions.KEPT
                      + " finished actions; the journal keeps them all)"));
    }
    if (cmd.untilFinished() && !action.get().status().finished()) {
      incarnation = incarnation.withActionWatcher(cmd.id(), cmd.replyTo());
      return Effect().none();
    }
    return Effect().reply(cmd.replyTo(), new ActionLookup(unit, action.get(), ""));
  }

  private Effect<UnitEvent, UnitState> onHookTool(UnitState state, RunHookTool cmd) {
    if (!incarnation.runs(cmd.contextId())) {
      return Effect()
          .reply(
              cmd.replyTo(),
              new ToolReply(null, "the hook or command this token belongs to has finished"));
    }
    UnitToolCall call =
        UnitToolCall.run(
            cmd,
            state,
            incarnation.work(),
            deps.secrets().book(secretDraft.of(cmd.contextId())),
            now());
    if (!call.secretChanges().isEmpty())
      secretDraft = secretDraft.plus(cmd.contextId(), call.secretChanges());
    if (!call.applicationEvents().isEmpty())
      operator.tell(new Report.ApplicationEffects(unit, call.applicationEvents()));
    ToolReply reply = new ToolReply(call.outcome(), null);
    List<UnitEvent> unitEvents = call.unitEvents();
    if (incarnation.work() instanceof Work.Hook hook) {
      // a hook's relation-set writes wait for its completion (an exec's or action's are journaled
      // now)
      unitEvents = new ArrayList<>();
      HookWrites writes = hook.writes();
      for (UnitEvent event : call.unitEvents()) {
        if (event instanceof RelationSettingsWritten write) writes = writes.with(write);
        else unitEvents.add(event);
      }
      incarnation = incarnation.with(new Work.Hook(hook.context(), hook.notReady(), writes));
    }
    if (unitEvents.isEmpty()) return Effect().reply(cmd.replyTo(), reply);
    if (incarnation.work() instanceof Work.Hook) {
      // A hook's tool effects need to be in the journal by its completion, which is written after
      // them, not before the tool answers: a crash before then runs the hook again, effects and
      // all. The hook goes on meanwhile; its next calls read what it wrote (published now, and
      // commands that reach this actor wait for the write). An exec is never run again: its tool
      // answers once the effects are written.
      UnitState after = state;
      for (UnitEvent event : unitEvents) after = after.apply(event);
      deps.toolViews().unitChanged(after);
      cmd.replyTo().tell(reply);
      return Effect().persist(unitEvents).thenRun(this::report);
    }
    return Effect().persist(unitEvents).thenRun(this::report).thenReply(cmd.replyTo(), s -> reply);
  }

  /** Takes the step {@link UnitResolver} decides. */
  private Effect<UnitEvent, UnitState> advance(UnitState state) {
    return switch (UnitResolver.next(state, incarnation.activity())) {
      case UnitResolver.Next.Wait w -> Effect().none();
      case UnitResolver.Next.Exec e -> startExec();
      case UnitResolver.Next.RunAction action -> startAction(state, action.id());
      case UnitResolver.Next.AbandonAction abandoned -> {
        String name = state.actions().running().name();
        var failed =
            new ActionFinished(
                abandoned.id(),
                ActionStatus.FAILED,
                UnitResolver.INTERRUPTED,
                Map.of(),
                List.of(),
                now());
        yield Effect()
            .persist(failed)
            .thenRun(
                s -> {
                  log.warn(
                      "unit {} action {} ({}) was interrupted by a restart: recorded failed, not run again",
                      unit,
                      abandoned.id(),
                      name);
                  afterChange(s);
                });
      }
      case UnitResolver.Next.SwitchCharm s ->
          Effect()
              .persist(new CharmSwitched(state.assigned().charm().generation(), now()))
              .thenRun(this::afterChange);
      case UnitResolver.Next.Die d -> {
        // Actions still waiting never ran (a unit runs none before it is installed): cancelled.
        List<UnitEvent> events = new ArrayList<>();
        for (UnitState.UnitAction waiting : state.actions().pending()) {
          events.add(
              new ActionFinished(
                  waiting.id(),
                  ActionStatus.CANCELLED,
                  "unit " + unit + " was removed before the action ran",
                  Map.of(),
                  List.of(),
                  now()));
        }
        events.add(new LifeAssigned(Life.DEAD, now()));
        yield Effect().persist(events).thenRun(this::afterChange);
      }
      case UnitResolver.Next.Run run -> startHook(List.of(), state, run, () -> {});
    };
  }

  /**
   * Persists {@code events} and, when they make a hook due and nothing runs, that hook's
   * HookStarted in the same journal write: one round trip where there would be two, and the hook's
   * start is still in the journal before its process starts. {@code persisted} runs first once the
   * events are in the journal (e.g. the log line of the previous hook's end).
   */
  private Effect<UnitEvent, UnitState> persistAndStartNext(
      UnitState state, List<UnitEvent> events, Runnable persisted) {
    UnitState after = state;
    for (UnitEvent e : events) after = after.apply(e);
    if (UnitResolver.next(after, incarnation.activity()) instanceof UnitResolver.Next.Run run) {
      return startHook(events, after, run, persisted);
    }
    return Effect()
        .persist(events)
        .thenRun(
            s -> {
              persisted.run();
              afterChange(s);
            });
  }

  /**
   * Starts the hook {@code run} decided on from {@code state}; {@code before} are events not yet
   * persisted that {@code state} already includes, written in the same journal write. A hook the
   * charm does not implement is recorded as skipped.
   */
  private Effect<UnitEvent, UnitState> startHook(
      List<UnitEvent> before, UnitState state, UnitResolver.Next.Run run, Runnable persisted) {
    PlannedHook hook = run.hook();
    var charm = run.switchCharm() ? state.assigned().charm() : state.charmInUse();
    Instant now = now();
    List<UnitEvent> events = new ArrayList<>(before);
    if (run.switchCharm()) events.add(new CharmSwitched(charm.generation(), now));
    // a secret hook whose secret or revision a hook removed meanwhile has nothing to tell
    boolean secretGone = hook.secret() != null && !deps.secrets().holds(hook.secret());
    if (!charm.implementsHook(hook.name()) || secretGone) {
      events.add(new HookSkipped(hook, now));
      incarnation = incarnation.hookSkipped(hook);
      return Effect()
          .persist(events)
          .thenRun(
              s -> {
                persisted.run();
                afterChange(s);
              });
    }
    HookLauncher.Context context = launcher.hookContext(hook.name());
    events.add(new HookStarted(hook, run.attempt(), context.contextId(), now));
    incarnation = incarnation.hookStarted(hook, context);
    // Only once HookStarted is safely in the journal may the process start.
    return Effect()
        .persist(events)
        .thenRun(
            s -> {
              persisted.run();
              report(s);
              log.atInfo()
                  .addKeyValue("unit", unit.name())
                  .addKeyValue("hook", hook.name())
                  .addKeyValue("context_id", context.contextId())
                  .log("unit {} hook {} started (attempt {})", unit, hook.name(), run.attempt());
              pipe(context, launcher.hook(context, hook, s.charmInUse()));
            });
  }

  /** Starts the exec that waits longest, once its ExecStarted is in the journal. */
  private Effect<UnitEvent, UnitState> startExec() {
    RunExec exec = incarnation.execs().first();
    HookLauncher.Context context = launcher.execContext();
    incarnation = incarnation.execStarted(context);
    return Effect()
        .persist(new ExecStarted(context.contextId(), HookLauncher.digest(exec.commands()), now()))
        .thenRun(
            s ->
                pipe(
                    context,
                    launcher.exec(
                        context, exec.commands(), exec.timeout(), exec.action(), s.charmInUse())));
  }

  /**
   * Starts the waiting action {@code id}, once its ActionStarted is in the journal. One the charm
   * the unit runs now cannot run (no longer defined, its parameters no longer valid, nothing to run
   * it with) is recorded failed at once, without a process.
   */
  private Effect<UnitEvent, UnitState> startAction(UnitState state, long id) {
    UnitState.UnitAction action = state.actions().find(id).orElseThrow();
    HookLauncher.Context context = launcher.actionContext(action.name());
    Instant now = now();
    List<UnitEvent> events =
        new ArrayList<>(List.of(new ActionStarted(id, context.contextId(), now)));
    Optional<String> problem =
        ActionRequests.startProblem(
            state, action, launcher.implementsAction(state.charmInUse(), action.name()));
    if (problem.isPresent()) {
      events.add(
          new ActionFinished(id, ActionStatus.FAILED, problem.get(), Map.of(), List.of(), now));
      return Effect()
          .persist(events)
          .thenRun(
              s -> {
                log.warn(
                    "unit {} action {} ({}) failed: {}", unit, id, action.name(), problem.get());
                afterChange(s);
              });
    }
    incarnation = incarnation.actionStarted(id, context);
    // Only once ActionStarted is in the journal may the process start: a crash after it fails the
    // action rather than running it a second time.
    return Effect()
        .persist(events)
        .thenRun(
            s -> {
              report(s);
              log.info("unit {} action {} ({}) started", unit, id, action.name());
              pipe(context, launcher.action(context, s.actions().running(), s.charmInUse()));
            });
  }

  private void pipe(HookLauncher.Context context, CompletionStage<HookLauncher.Outcome> run) {
    ctx.pipeToSelf(run, (outcome, error) -> new ProcessEnded(context, outcome));
  }

  private Effect<UnitEvent, UnitState> onProcessEnded(UnitState state, ProcessEnded ended) {
    return switch (incarnation.work()) {
      case Work.Hook hook when hook.context().equals(ended.context()) ->
          hookEnded(state, hook, ended.outcome());
      case Work.Exec exec when exec.context().equals(ended.context()) ->
          execEnded(exec, ended.outcome());
      case Work.Action action when action.context().equals(ended.context()) ->
          actionEnded(state, action, ended.outcome());
      // A process of an earlier incarnation: its hook runs again (or ran again already).
      case Work.Hook other -> Effect().none();
      case Work.Exec other -> Effect().none();
      case Work.Action other -> Effect().none();
      case Work.AwaitingPod waiting -> Effect().none();
      case Work.Idle idle -> Effect().none();
    };
  }

  private Effect<UnitEvent, UnitState> hookEnded(
      UnitState state, Work.Hook ran, HookLauncher.Outcome outcome) {
    List<SecretChange> secretChanges = secretDraft.of(ran.context().contextId());
    secretDraft = SecretDraft.NONE;
    // a completed secret hook is recorded with the secret (its trigger is then no longer due)
    List<SecretTrigger> handled =
        state.running() == null || state.running().hook().secret() == null
            ? List.of()
            : List.of(state.running().hook().secret());
    if ((!secretChanges.isEmpty() || !handled.isEmpty())
        && state.running() != null
        && deps.secrets().store().isPresent()
        && UnitResolver.hookEnded(
                state.running(), outcome, ran.notReady(), deps.podWait(), deps.hookTimeout(), now())
            instanceof UnitResolver.HookEnd.Completed) {
      // Juju applies a hook's secret changes when it completes, before the hook counts as done:
      // HookCompleted is written only once they are committed (a crash in between runs the hook
      // again, as a failed commit in Juju does). The hook still holds the unit meanwhile.
      ctx.ask(
          SecretStore.Committed.class,
          deps.secrets().store().get(),
          SECRET_COMMIT_TIMEOUT,
          reply -> new SecretStore.Commit(unit.name(), secretChanges, handled, reply),
          (committed, failure) ->
              new SecretsCommitted(
                  ran.context(),
                  outcome,
                  failure == null ? null : String.valueOf(failure.getMessage())));
      return Effect().none();
    }
    return recordHookEnd(state, ran, outcome);
  }

  /** Records how the hook ended, once its secret changes (if any) are committed. */
  private Effect<UnitEvent, UnitState> recordHookEnd(
      UnitState state, Work.Hook ran, HookLauncher.Outcome outcome) {
    incarnation = incarnation.with(Incarnation.IDLE);
    if (state.running() == null) return Effect().none();
    String kind = state.running().hook().kind().label();
    int attempt = state.running().attempt();
    return switch (UnitResolver.hookEnded(
        state.running(), outcome, ran.notReady(), deps.podWait(), deps.hookTimeout(), now())) {
      case UnitResolver.HookEnd.AwaitPod wait -> {
        // Nothing is recorded: the hook stays started, holding no slot of the hook limit while
        // it waits (a drain need not wait for it either).
        log.atInfo()
            .addKeyValue("unit", unit.name())
            .addKeyValue("hook", state.running().hook().name())
            .addKeyValue("context_id", ran.context().contextId())
            .log(
                "unit {} hook {} waits {} for its pod ({} of {}): {}",
                unit,
                state.running().hook().name(),
                DurationText.format(wait.delay()),
                wait.notReady(),
                deps.podWait().attempts(),
                wait.reason());
        incarnation =
            incarnation.with(
                new Work.AwaitingPod(ran.context().contextId(), wait.notReady(), wait.reason()));
        timers.startSingleTimer(
            POD_WAIT_TIMER, new PodWaitOver(ran.context().contextId()), wait.delay());
        if (incarnation.draining()) answerDrain();
        yield Effect().none();
      }
      case UnitResolver.HookEnd.Completed done -> {
        metrics.hookEnded(kind, true, Duration.ofMillis(done.event().durationMillis()));
        // Its databag writes are journaled in the same write as its completion: all or nothing.
        List<UnitEvent> completion = new ArrayList<>(ran.writes().events());
        completion.add(done.event());
        // Logged once the outcome is in the journal: a log line that says "completed" is a promise
        // that the hook never runs again, even if the process is killed right after it.
        yield persistAndStartNext(
            state,
            completion,
            () ->
                log.atInfo()
                    .addKeyValue("unit", unit.name())
                    .addKeyValue("hook", done.event().hook())
                    .addKeyValue("context_id", ran.context().contextId())
                    .log(
                        "unit {} hook {} completed in {} ms",
                        unit,
                        done.event().hook(),
                        done.event().durationMillis()));
      }
      case UnitResolver.HookEnd.Failed failed -> {
        HookFailed event = failed.event();
        // a failed hook's relation-set writes go with its Work.Hook: never journaled, never read
        // again
        metrics.hookEnded(kind, false, Duration.ofMillis(event.durationMillis()));
        yield Effect()
            .persist(event)
            .thenRun(
                s -> {
                  // the hook's output is a field of this one record (text: stderr="..." on the same
                  // line)
                  var record =
                      log.atWarn()
                          .addKeyValue("unit", unit.name())
                          .addKeyValue("hook", event.hook())
                          .addKeyValue("context_id", ran.context().contextId());
                  if (!failed.stderr().isBlank())
                    record = record.addKeyValue("stderr", failed.stderr().strip());
                  record.log(
                      "unit {} hook {} failed after {} ms: {}",
                      unit,
                      event.hook(),
                      event.durationMillis(),
                      event.reason());
                  scheduleRetry(attempt);
                  afterChange(s);
                });
      }
    };
  }

  private Effect<UnitEvent, UnitState> onSecretsCommitted(UnitState state, SecretsCommitted done) {
    if (!(incarnation.work() instanceof Work.Hook hook) || !hook.context().equals(done.context()))
      return Effect().none();
    if (done.failure() == null) return recordHookEnd(state, hook, done.outcome());
    log.warn(
        "unit {} hook {}: cannot apply its secret changes: {}",
        unit,
        state.running() == null ? "?" : state.running().hook().name(),
        done.failure());
    return recordHookEnd(
        state, hook, new HookLauncher.Outcome.Broken("cannot apply changes: " + done.failure()));
  }

  /**
   * An exec or action that succeeded commits its secret changes as it ends (nothing waits for them:
   * an exec or action never runs again); one that failed drops them.
   */
  private void commitSecretsOf(String contextId, boolean succeeded) {
    List<SecretChange> changes = secretDraft.of(contextId);
    secretDraft = SecretDraft.NONE;
    if (changes.isEmpty() || !succeeded) return;
    deps.secrets()
        .store()
        .ifPresent(
            store ->
                store.tell(
                    new SecretStore.Commit(unit.name(), changes, ctx.getSystem().ignoreRef())));
  }

  private Effect<UnitEvent, UnitState> execEnded(Work.Exec exec, HookLauncher.Outcome outcome) {
    incarnation = incarnation.with(Incarnation.IDLE);
    ProcessResult result = HookLauncher.execResult(outcome);
    metrics.execEnded(result.exitCode(), result.timedOut());
    commitSecretsOf(exec.context().contextId(), result.exitCode() == 0 && !result.timedOut());
    // The caller gets its result now, not one journal write later: the record of how an exec
    // ended changes no state, and a crash before it is written loses only that record. An exec
    // whose pod is not ready does not wait for it: a person at a terminal hears so at once.
    exec.exec()
        .replyTo()
        .tell(
            outcome instanceof HookLauncher.Outcome.NotReady notReady
                ? refused("unit " + unit + " is not ready: " + notReady.reason())
                : new ExecReply(
                    ExecReply.Outcome.RAN,
                    result,
                    "",
                    exec.recorder() == null ? null : exec.recorder().result(result.exitCode())));
    return Effect()
        .persist(
            new ExecCompleted(
                exec.context().contextId(),
                result.exitCode(),
                result.timedOut(),
                result.duration().toMillis(),
                now()))
        .thenRun(this::afterChange);
  }

  /**
   * The action's process ended: ActionFinished is persisted (then the next hook may start in the
   * same write), and only then is it logged and are its watchers answered.
   */
  private Effect<UnitEvent, UnitState> actionEnded(
      UnitState state, Work.Action ran, HookLauncher.Outcome outcome) {
    incarnation = incarnation.with(Incarnation.IDLE);
    UnitState.UnitAction running = state.actions().running();
    if (running == null || running.id() != ran.id()) return Effect().none();
    ActionFinished finished =
        UnitResolver.actionEnded(running, outcome, ran.recorder(), deps.hookTimeout(), now());
    commitSecretsOf(ran.context().contextId(), finished.status() == ActionStatus.COMPLETED);
    long millis =
        running.started() == null
            ? 0
            : Duration.between(running.started(), finished.at()).toMillis();
    return persistAndStartNext(
        state,
        List.of(finished),
        () -> {
          if (finished.status() == ActionStatus.COMPLETED) {
            log.info(
                "unit {} action {} ({}) completed in {} ms",
                unit,
                running.id(),
                running.name(),
                millis);
          } else {
            log.warn(
                "unit {} action {} ({}) failed after {} ms: {}",
                unit,
                running.id(),
                running.name(),
                millis,
                finished.message());
          }
        });
  }

  /** After every persisted change: tell the operator, finish a drain, or take the next step. */
  private void afterChange(UnitState state) {
    report(state);
    if (state.isDead()) {
      operator.tell(new Report.Dead(unit));
    } else if (incarnation.draining()) {
      if (!incarnation.processRuns()) answerDrain();
    } else {
      ctx.getSelf().tell(ADVANCE);
    }
  }

  private void answerDrain() {
    incarnation.drainWaiters().forEach(w -> w.tell(new Drained(unit)));
    incarnation = incarnation.withoutDrainWaiters();
  }

  @Override
  public EventHandler<UnitState, UnitEvent> eventHandler() {
    return newEventHandlerBuilder().forAnyState().onAnyEvent(UnitState::apply);
  }

  @Override
  public SignalHandler<UnitState> signalHandler() {
    return newSignalHandlerBuilder()
        .onSignal(RecoveryCompleted.instance(), this::onRecovered)
        .onSignal(
            JournalPersistFailed.class,
            (state, failed) -> health().writeFailed(persistenceId(unit), failed.getFailure()))
        .onSignal(
            RecoveryFailed.class,
            (state, failed) -> health().recoveryFailed(persistenceId(unit), failed.getFailure()))
        .onSignal(
            PreRestart.instance(),
            state -> {
              // A persist failure restarts the event-sourced behaviour (recovering from the
              // journal)
              // but keeps this object: what was in flight must be dropped here or the unit would
              // wait
              // for it forever. Its process is cancelled, so a drain has nothing left to wait for.
              abandon();
              answerDrain();
              incarnation = incarnation.forgotten();
            })
        .onSignal(
            PostStop.instance(),
            state -> {
              abandon();
              deps.secrets().ownerGone(unit.name(), secretHooks);
              deps.toolViews().unitStopped(unit);
              health().stopped(persistenceId(unit));
            })
        .build();
  }

  /**
   * Tells the secret store where this unit's secret hooks go, and whether it is the leader (who
   * runs the application's): again with every report of a change (a hook that starts right after an
   * Assign included), which costs a map write unless leadership changed.
   */
  private void ownSecrets(UnitState state) {
    if (!state.isDead()) deps.secrets().owner(unit.name(), state.assigned().leader(), secretHooks);
  }

  private void onRecovered(UnitState state) {
    health().recovered(persistenceId(unit));
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
          UPDATE_STATUS_TIMER, new UpdateStatusDue(), incarnation.updateStatusInterval());
    }
    report(state);
    operator.tell(new Report.Recovered(unit));
    ctx.getSelf().tell(ADVANCE);
  }

  /** The actor restarts or stops: its process is killed, and whoever waits for an exec is told. */
  private void abandon() {
    switch (incarnation.work()) {
      case Work.Hook hook -> launcher.cancel(hook.context());
      case Work.AwaitingPod waiting -> {} // no process, no token
      case Work.Exec exec -> {
        launcher.cancel(exec.context());
        exec.exec().replyTo().tell(refused("unit " + unit + " restarted while the command ran"));
      }
      case Work.Action action -> launcher.cancel(action.context());
      case Work.Idle idle -> {}
    }
    incarnation
        .execs()
        .waiting()
        .forEach(e -> e.replyTo().tell(refused("unit " + unit + " stopped")));
  }

  @Override
  public Set<String> tagsFor(UnitEvent event) {
    return Set.of("app:" + unit.application().value());
  }

  @Override
  public RetentionCriteria retentionCriteria() {
    var config = ctx.getSystem().settings().config();
    int every =
        config.hasPath("caas.journal.snapshot-every")
            ? config.getInt("caas.journal.snapshot-every")
            : 100;
    return RetentionCriteria.snapshotEvery(every, 2);
  }

  private static ExecReply refused(String why) {
    return new ExecReply(ExecReply.Outcome.REFUSED, null, why, null);
  }

  private void scheduleRetry(int failedAttempts) {
    timers.startSingleTimer(RETRY_TIMER, new RetryDue(), deps.retry().delayAfter(failedAttempts));
  }

  private void setUpdateStatusInterval(Duration interval) {
    if (interval == null || interval.equals(incarnation.updateStatusInterval())) return;
    incarnation = incarnation.withUpdateStatusInterval(interval);
    timers.startTimerWithFixedDelay(UPDATE_STATUS_TIMER, new UpdateStatusDue(), interval);
  }

  /** Tells the operator of the change, and whoever waits for an action that has now finished. */
  private void report(UnitState state) {
    deps.toolViews().unitChanged(state);
    ownSecrets(state);
    operator.tell(new Report.Changed(UnitView.of(state)));
    answerActionWatchers(state);
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

  private JournalHealth health() {
    return JournalHealth.get(ctx.getSystem());
  }

  private Instant now() {
    return deps.clock().instant();
  }
}
