package io.caasoperator.unit;

import io.caasoperator.action.ActionLookup;
import io.caasoperator.action.ActionReply;
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
import java.util.function.UnaryOperator;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.PostStop;
import org.apache.pekko.actor.typed.PreRestart;
import org.apache.pekko.actor.typed.SupervisorStrategy;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
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
 * recorded failed, never run again. Processes are started by its {@link HookLauncher}; what it runs
 * now and what waits is its {@link Incarnation}.
 *
 * <p>This file is the unit's protocol. Its commands are taken by one class per concern, all sharing
 * the {@link UnitRuntime}: {@link UnitSteps} starts what {@link UnitResolver} decides, {@link
 * ProcessEndings} records how a process ended, {@link ToolCalls} answers hook tools, {@link
 * ActionIntake} queues actions, {@link Observations} journals what the unit is told happened.
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
    this.steps = new UnitSteps(runtime, Effect());
    this.endings = new ProcessEndings(runtime, steps, Effect());
    this.tools = new ToolCalls(runtime, Effect());
    this.actions = new ActionIntake(runtime, Effect());
    this.observations = new Observations(runtime, steps, Effect());
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
        .onCommand(Assign.class, this::onAssign)
        .onCommand(ObserveContainerStart.class, observations::onContainerStart)
        .onCommand(ObservePebbleNotice.class, observations::onPebbleNotice)
        .onCommand(ObserveSecretTrigger.class, observations::onSecretTrigger)
        .onCommand(Resolve.class, this::onResolve)
        .onCommand(GetView.class, (state, cmd) -> Effect().reply(cmd.replyTo(), UnitView.of(state)))
        .onCommand(GetState.class, (state, cmd) -> Effect().reply(cmd.replyTo(), state))
        .onCommand(Drain.class, this::onDrain)
        .onCommand(RunExec.class, this::onExec)
        .onCommand(RunHookTool.class, tools::onHookTool)
        .onCommand(RequestAction.class, actions::onRequestAction)
        .onCommand(QueueAction.class, actions::onQueueAction)
        .onCommand(GetAction.class, actions::onGetAction)
        .onCommand(Advance.class, (state, cmd) -> steps.advance(state))
        .onCommand(RetryDue.class, (state, cmd) -> advanceWith(state, Incarnation::withRetryNow))
        .onCommand(
            UpdateStatusDue.class,
            (state, cmd) -> advanceWith(state, Incarnation::withUpdateStatusDue))
        .onCommand(ProcessEnded.class, endings::onProcessEnded)
        .onCommand(SecretsCommitted.class, endings::onSecretsCommitted)
        .onCommand(PodWaitOver.class, endings::onPodWaitOver);
    return builder.build();
  }

  private Effect<UnitEvent, UnitState> advanceWith(
      UnitState state, UnaryOperator<Incarnation> due) {
    runtime.incarnation(due.apply(runtime.incarnation()));
    return steps.advance(state);
  }

  private Effect<UnitEvent, UnitState> onAssign(UnitState state, Assign cmd) {
    runtime.setUpdateStatusInterval(cmd.desired().updateStatusInterval());
    List<UnitEvent> events = cmd.desired().changesFrom(state, runtime.now());
    if (!events.isEmpty()) return steps.persistAndStartNext(state, events, () -> {});
    if (state.isDead()) runtime.tellOperator(new Report.Dead(runtime.unit));
    return Effect().none();
  }

  private Effect<UnitEvent, UnitState> onResolve(UnitState state, Resolve cmd) {
    if (state.failed() == null) {
      String detail = "unit " + runtime.unit + " has no failed hook";
      return Effect()
          .reply(cmd.replyTo(), new ResolveReply(ResolveReply.Outcome.NOTHING_TO_RESOLVE, detail));
    }
    String hook = state.failed().hook().name();
    if (cmd.retry()) runtime.incarnation(runtime.incarnation().withRetryNow());
    String detail = (cmd.retry() ? "retrying " : "skipped ") + "hook \"" + hook + "\"";
    return Effect()
        .persist(new HookResolved(cmd.retry(), runtime.now()))
        .thenRun(runtime::afterChange)
        .thenReply(cmd.replyTo(), s -> new ResolveReply(ResolveReply.Outcome.RESOLVED, detail));
  }

  private Effect<UnitEvent, UnitState> onDrain(UnitState state, Drain cmd) {
    Incarnation incarnation = runtime.incarnation();
    incarnation
        .execs()
        .waiting()
        .forEach(e -> e.replyTo().tell(ExecReply.refused(ExecQueue.SHUTTING_DOWN)));
    incarnation = incarnation.drainingNow();
    if (incarnation.processRuns()) incarnation = incarnation.withDrainWaiter(cmd.replyTo());
    runtime.incarnation(incarnation);
    if (incarnation.processRuns()) return Effect().none();
    return Effect().reply(cmd.replyTo(), new Drained(runtime.unit));
  }

  private Effect<UnitEvent, UnitState> onExec(UnitState state, RunExec cmd) {
    Incarnation incarnation = runtime.incarnation();
    var refusal = ExecQueue.refusal(state, incarnation.draining());
    if (refusal.isPresent()) return Effect().reply(cmd.replyTo(), ExecReply.refused(refusal.get()));
    // after the actions waiting now, before those queued later
    runtime.incarnation(
        incarnation.withExecs(incarnation.execs().add(cmd, state.actions().lastPendingId())));
    return steps.advance(state);
  }

  @Override
  public EventHandler<UnitState, UnitEvent> eventHandler() {
    return newEventHandlerBuilder().forAnyState().onAnyEvent(UnitState::apply);
  }

  @Override
  public SignalHandler<UnitState> signalHandler() {
    String id = persistenceId(runtime.unit);
    return newSignalHandlerBuilder()
        .onSignal(RecoveryCompleted.instance(), runtime::recovered)
        .onSignal(
            JournalPersistFailed.class,
            (state, failed) -> runtime.health().writeFailed(id, failed.getFailure()))
        .onSignal(
            RecoveryFailed.class,
            (state, failed) -> runtime.health().recoveryFailed(id, failed.getFailure()))
        .onSignal(PreRestart.instance(), state -> runtime.restarting())
        .onSignal(PostStop.instance(), state -> runtime.stopped())
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
