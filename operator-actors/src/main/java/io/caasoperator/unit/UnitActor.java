package io.caasoperator.unit;

import io.caasoperator.action.ActionLookup;
import io.caasoperator.action.ActionReply;
import io.caasoperator.action.ActionRequests;
import io.caasoperator.action.ActionRun;
import io.caasoperator.domain.UnitId;
import io.caasoperator.persistence.OperatorEvent;
import io.caasoperator.persistence.PebbleNotice;
import io.caasoperator.persistence.SnapshotRetention;
import io.caasoperator.persistence.UnitEvent;
import io.caasoperator.persistence.UnitEvent.HookResolved;
import io.caasoperator.persistence.UnitState;
import io.caasoperator.persistence.secret.SecretTrigger;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.PostStop;
import org.apache.pekko.actor.typed.PreRestart;
import org.apache.pekko.actor.typed.SupervisorStrategy;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.japi.function.Procedure;
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

/**
 * One unit of the application ({@code unit|<app>/<n>}): runs its charm's hooks one at a time, in
 * the order {@link UnitResolver} decides, and records every step. {@code HookStarted} is persisted
 * before the process starts and {@code HookCompleted}/{@code HookFailed} after it ends, so after a
 * crash an interrupted hook runs again and a completed one never does. The actor's mailbox is the
 * unit's lock: the charm view is switched and hooks run only between other hooks. Charm actions and
 * execs run between hooks too, in the order they arrived: an action is journaled when it is queued
 * ({@code ActionQueued}), when it starts and when it finishes; one interrupted by a crash is
 * recorded failed, never run again. Processes are started by its {@link HookLauncher}.
 *
 * <p>This file is the unit's protocol. Beside its journaled {@link UnitState} the actor holds one
 * value, its {@link Incarnation}: what runs now (with the running context's {@link ContextDraft})
 * and what waits, why hooks are due, who waits for what. Its commands are taken by one class per
 * concern: {@link UnitSteps} starts what {@link UnitResolver} decides, {@link ProcessEndings}
 * records how a process ended, {@link ToolCalls} answers hook tools, {@link ActionIntake} queues
 * actions, {@link Observations} journals what the unit is told happened. Each takes the state and
 * the incarnation and returns a {@link Step} (the next incarnation and the effect), or only an
 * effect when it changes nothing; what they run once events are persisted changes the incarnation
 * through {@link AfterPersist}. They share {@link UnitRuntime}, which holds only how the unit
 * reaches out. So this actor is the only writer of the incarnation.
 */
public final class UnitActor extends EventSourcedBehavior<UnitActor.Command, UnitEvent, UnitState> {

  public sealed interface Command {}

  /** The operator's wish for this unit; no reply. Recorded only where it differs. */
  public record Assign(Desired desired) implements Command {}

  /** A charm container of this unit started; no reply. Runs pebble-ready once per start id. */
  public record ObserveContainerStart(String container, String startId) implements Command {}

  /**
   * A container's Pebble reported a custom notice or a check transition; no reply. Queued (once)
   * until its hook ran.
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
  record Advance() implements Command {}

  record RetryDue() implements Command {}

  record UpdateStatusDue() implements Command {}

  /** The process of {@code context} ended (or could not run). */
  record ProcessEnded(HookLauncher.Context context, HookLauncher.Outcome outcome)
      implements Command {}

  /**
   * The secret store answered the commit of the secret changes of the hook {@code context} whose
   * process ended with {@code outcome}; {@code failure} says why it could not commit (null when it
   * did).
   */
  record SecretsCommitted(
      HookLauncher.Context context, HookLauncher.Outcome outcome, String failure)
      implements Command {}

  /** The started hook {@code contextId} waited long enough for its pod: launch it again. */
  record PodWaitOver(String contextId) implements Command {}

  static final Advance ADVANCE = new Advance();

  /** Restart a failed unit actor after 3 s, as Juju's uniter did; siblings never notice. */
  public static final Duration RESTART_DELAY = Duration.ofSeconds(3);

  public static String persistenceId(UnitId unit) {
    return "unit|" + unit.name();
  }

  public static Behavior<Command> create(
      UnitId unit, UnitDependencies deps, ActorRef<Report> operator) {
    Behavior<Command> behavior =
        Behaviors.setup(
            ctx ->
                Behaviors.withTimers(
                    timers -> new UnitActor(new UnitRuntime(unit, deps, operator, ctx, timers))));
    return Behaviors.supervise(behavior)
        .onFailure(SupervisorStrategy.restartWithBackoff(RESTART_DELAY, RESTART_DELAY, 0.0));
  }

  private final UnitRuntime runtime;

  /**
   * What this actor keeps beside its journal, replaced whole by each {@link Step}; kept across a
   * restart of the behaviour after a failed journal write ({@link UnitRuntime#restarting}).
   */
  private Incarnation incarnation = Incarnation.fresh();

  private final UnitSteps steps;
  private final ProcessEndings endings;
  private final ToolCalls tools;
  private final ActionIntake actions;
  private final Observations observations;

  private UnitActor(UnitRuntime runtime) {
    super(
        PersistenceId.ofUniqueId(persistenceId(runtime.unit)),
        SupervisorStrategy.restartWithBackoff(RESTART_DELAY, RESTART_DELAY, 0.0));
    this.runtime = runtime;
    AfterPersist after = this::after;
    this.steps = new UnitSteps(runtime, Effect(), after);
    this.endings = new ProcessEndings(runtime, steps, Effect(), after);
    this.tools = new ToolCalls(runtime, Effect(), after);
    this.actions = new ActionIntake(runtime, Effect(), after);
    this.observations = new Observations(runtime, steps, Effect(), after);
  }

  /** A command handler that may change the incarnation: it returns the next one. */
  @FunctionalInterface
  private interface Stepping<C> {
    Step take(UnitState state, Incarnation incarnation, C command);
  }

  /** A command handler that only reads the incarnation. */
  @FunctionalInterface
  private interface Reading<C> {
    Effect<UnitEvent, UnitState> take(UnitState state, Incarnation incarnation, C command);
  }

  /** The one place a command changes the incarnation: it keeps the one its handler returned. */
  private <C> BiFunction<UnitState, C, Effect<UnitEvent, UnitState>> stepping(Stepping<C> handler) {
    return (state, command) -> {
      Step step = handler.take(state, incarnation, command);
      incarnation = step.next();
      return step.effect();
    };
  }

  private <C> BiFunction<UnitState, C, Effect<UnitEvent, UnitState>> reading(Reading<C> handler) {
    return (state, command) -> handler.take(state, incarnation, command);
  }

  @Override
  public UnitState emptyState() {
    return UnitState.initial(runtime.unit);
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
        .onCommand(Assign.class, stepping(this::onAssign))
        .onCommand(ObserveContainerStart.class, stepping(observations::onContainerStart))
        .onCommand(ObservePebbleNotice.class, stepping(observations::onPebbleNotice))
        .onCommand(ObserveSecretTrigger.class, stepping(observations::onSecretTrigger))
        .onCommand(Resolve.class, stepping(this::onResolve))
        .onCommand(GetView.class, (state, cmd) -> Effect().reply(cmd.replyTo(), UnitView.of(state)))
        .onCommand(GetState.class, (state, cmd) -> Effect().reply(cmd.replyTo(), state))
        .onCommand(Drain.class, stepping(this::onDrain))
        .onCommand(RunExec.class, stepping(this::onExec))
        .onCommand(RunHookTool.class, stepping(tools::onHookTool))
        .onCommand(RequestAction.class, reading(actions::onRequestAction))
        .onCommand(QueueAction.class, reading(actions::onQueueAction))
        .onCommand(GetAction.class, stepping(actions::onGetAction))
        .onCommand(Advance.class, stepping((state, current, cmd) -> steps.advance(state, current)))
        .onCommand(
            RetryDue.class,
            stepping((state, current, cmd) -> steps.advance(state, current.withRetryNow())))
        .onCommand(
            UpdateStatusDue.class,
            stepping((state, current, cmd) -> steps.advance(state, current.withUpdateStatusDue())))
        .onCommand(ProcessEnded.class, stepping(endings::onProcessEnded))
        .onCommand(SecretsCommitted.class, stepping(endings::onSecretsCommitted))
        .onCommand(PodWaitOver.class, stepping(endings::onPodWaitOver));
    return builder.build();
  }

  private Step onAssign(UnitState state, Incarnation incarnation, Assign cmd) {
    Incarnation next = runtime.updateStatusEvery(cmd.desired().updateStatusInterval(), incarnation);
    List<UnitEvent> events = cmd.desired().changesFrom(state, runtime.now());
    if (!events.isEmpty()) return steps.persistAndStartNext(state, next, events, () -> {});
    if (state.isDead()) runtime.tellOperator(new Report.Dead(runtime.unit));
    return new Step(next, Effect().none());
  }

  private Step onResolve(UnitState state, Incarnation incarnation, Resolve cmd) {
    if (state.failed() == null) {
      String detail = "unit " + runtime.unit + " has no failed hook";
      return new Step(
          incarnation,
          Effect()
              .reply(
                  cmd.replyTo(),
                  new ResolveReply(ResolveReply.Outcome.NOTHING_TO_RESOLVE, detail)));
    }
    String hook = state.failed().hook().name();
    String detail = (cmd.retry() ? "retrying " : "skipped ") + "hook \"" + hook + "\"";
    return new Step(
        cmd.retry() ? incarnation.withRetryNow() : incarnation,
        Effect()
            .persist(new HookResolved(cmd.retry(), runtime.now()))
            .thenRun(after(runtime::afterChange))
            .thenReply(
                cmd.replyTo(), s -> new ResolveReply(ResolveReply.Outcome.RESOLVED, detail)));
  }

  private Step onDrain(UnitState state, Incarnation incarnation, Drain cmd) {
    incarnation
        .execs()
        .waiting()
        .forEach(e -> e.replyTo().tell(ExecReply.refused(ActionRequests.SHUTTING_DOWN)));
    Incarnation draining = incarnation.drainingNow();
    if (draining.processRuns())
      return new Step(draining.withDrainWaiter(cmd.replyTo()), Effect().none());
    return new Step(draining, Effect().reply(cmd.replyTo(), new Drained(runtime.unit)));
  }

  private Step onExec(UnitState state, Incarnation incarnation, RunExec cmd) {
    var refusal = ActionRequests.refusal(state, incarnation.draining());
    if (refusal.isPresent())
      return new Step(incarnation, Effect().reply(cmd.replyTo(), ExecReply.refused(refusal.get())));
    // after the actions waiting now, before those queued later
    return steps.advance(
        state,
        incarnation.withExecs(incarnation.execs().add(cmd, state.actions().lastPendingId())));
  }

  /** A callback once events are persisted that changes the incarnation the actor holds then. */
  private Procedure<UnitState> after(BiFunction<UnitState, Incarnation, Incarnation> change) {
    return s -> incarnation = change.apply(s, incarnation);
  }

  @Override
  public EventHandler<UnitState, UnitEvent> eventHandler() {
    return newEventHandlerBuilder().forAnyState().onAnyEvent(UnitState::apply);
  }

  @Override
  public SignalHandler<UnitState> signalHandler() {
    String id = persistenceId(runtime.unit);
    return newSignalHandlerBuilder()
        .onSignal(
            RecoveryCompleted.instance(),
            state -> incarnation = runtime.recovered(state, incarnation))
        .onSignal(
            JournalPersistFailed.class,
            (state, failed) -> runtime.health().writeFailed(id, failed.getFailure()))
        .onSignal(
            RecoveryFailed.class,
            (state, failed) -> runtime.health().recoveryFailed(id, failed.getFailure()))
        .onSignal(PreRestart.instance(), state -> incarnation = runtime.restarting(incarnation))
        .onSignal(PostStop.instance(), state -> runtime.stopped(incarnation))
        .build();
  }

  @Override
  public Set<String> tagsFor(UnitEvent event) {
    return Set.of("app:" + runtime.unit.application().value());
  }

  @Override
  public RetentionCriteria retentionCriteria() {
    return SnapshotRetention.from(runtime.ctx.getSystem().settings().config());
  }
}
