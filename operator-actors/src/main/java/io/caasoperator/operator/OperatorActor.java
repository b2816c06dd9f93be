package io.caasoperator.operator;

import io.caasoperator.action.ActionLookup;
import io.caasoperator.action.ActionReply;
import io.caasoperator.action.ActionRun;
import io.caasoperator.domain.UnitId;
import io.caasoperator.hook.HookContexts;
import io.caasoperator.operator.OperatorPlan.Input;
import io.caasoperator.persistence.JournalHealth;
import io.caasoperator.persistence.OperatorEvent;
import io.caasoperator.persistence.OperatorState;
import io.caasoperator.persistence.SnapshotRetention;
import io.caasoperator.substrate.ContainerStarted;
import io.caasoperator.substrate.WorkloadNotice;
import io.caasoperator.unit.ExecReply;
import io.caasoperator.unit.ResolveReply;
import io.caasoperator.unit.ToolReply;
import io.caasoperator.unit.UnitActor;
import io.caasoperator.unit.UnitView;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.UUID;
import org.apache.pekko.Done;
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

/**
 * Operates one application ({@code operator|<app>}): deploys its charm, records its config and
 * units, designates the leader, gives charm actions their ids, and runs a UnitActor per unit. What
 * to do is decided by {@link OperatorPlan} from what it learns (the watchers' reports, the charm
 * deployer's answers, the units' reports through {@link UnitReports}); this actor persists the
 * plan's events, then has {@link PlanIntents} carry out its intents. Requests about a unit go
 * through {@link UnitRequests}, hook tools through {@link ApplicationTools}; {@link UnitActors}
 * delivers container starts and drains the units at shutdown.
 */
public final class OperatorActor
    extends EventSourcedBehavior<OperatorActor.Command, OperatorEvent, OperatorState> {

  public sealed interface Command {}

  /** Replies with the application's status and every unit's. */
  public record GetStatus(ActorRef<ApplicationView> replyTo) implements Command {}

  /** Replies with the unit's view, or empty when the operator has no such unit. */
  public record GetUnit(UnitId unit, ActorRef<Optional<UnitView>> replyTo) implements Command {}

  /**
   * A request about a unit or its charm actions: {@link UnitRequests} hands it to the unit's actor,
   * which replies, or answers it at once (a unit without an actor, what the journal holds).
   */
  public sealed interface UnitRequest extends Command {}

  /**
   * Resolves the unit's failed hook (retry now, or count it done): the unit replies at once; a unit
   * without an actor is answered {@code UNKNOWN_UNIT} at once.
   */
  public record ResolveUnit(UnitId unit, boolean retry, ActorRef<ResolveReply> replyTo)
      implements UnitRequest {}

  /**
   * Runs a command in the unit's context (see {@link UnitActor.RunExec}): the unit replies when it
   * ends; a unit without an actor is answered {@code UNKNOWN_UNIT} at once.
   */
  public record ExecOnUnit(
      UnitId unit, String commands, Duration timeout, ActionRun action, ActorRef<ExecReply> replyTo)
      implements UnitRequest {}

  /**
   * A hook tool call from the hook or exec registered under {@code context}; forwarded to its unit
   * with a snapshot of the application; the unit replies (a unit that is gone is denied here).
   */
  public record CallHookTool(
      HookContexts.HookContext context,
      String tool,
      List<String> args,
      String stdin,
      ActorRef<ToolReply> replyTo)
      implements Command {}

  /**
   * Runs the charm's action {@code name} on the unit: the unit checks the request and replies
   * Refused at once, or accepts it; the operator then gives it the next action id (persisted as
   * ActionIdAssigned) and the unit replies Queued once the action is in its journal. A unit without
   * an actor is answered {@code UNKNOWN_UNIT} at once.
   */
  public record RunAction(
      UnitId unit, String name, Map<String, Object> params, ActorRef<ActionReply> replyTo)
      implements UnitRequest {}

  /**
   * Replies with action {@code id} as its unit keeps it (with {@code untilFinished}, once it
   * finished); without an action, and a sentence why, when no unit has it.
   */
  public record GetAction(long id, boolean untilFinished, ActorRef<ActionLookup> replyTo)
      implements UnitRequest {}

  /**
   * Replies with the newest action ids (at most {@code limit}; of {@code unit} only, when given)
   * and their units, oldest first.
   */
  public record ListActionIds(Optional<UnitId> unit, int limit, ActorRef<ActionIds> replyTo)
      implements UnitRequest {}

  /** Action ids with their units, oldest first. */
  public record ActionIds(SortedMap<Long, UnitId> units) {
    public ActionIds {
      units = java.util.Collections.unmodifiableSortedMap(new TreeMap<>(units));
    }
  }

  /**
   * Stops starting hooks, in every unit and in units spawned later (shutdown); replies once no hook
   * runs in any unit.
   */
  public record Drain(ActorRef<Done> replyTo) implements Command {}

  /**
   * From the model: every relation this application has (peer relations included), with their
   * model-wide ids. No reply.
   */
  public record RelationsDeclared(List<io.caasoperator.relation.DeclaredRelation> relations)
      implements Command {}

  /** From the model: the other application's side of a relation between applications. No reply. */
  public record RemoteSideObserved(io.caasoperator.relation.RelationSide side) implements Command {}

  // What the watchers, the charm deployer, the units and their removals report; no reply.

  /** From the watchers, the deployer, the removals, the charm's retry timer: planned as it is. */
  record Learnt(Input input) implements Command {}

  record ContainerStartReported(ContainerStarted start) implements Command {}

  record WorkloadNoticeReported(WorkloadNotice notice) implements Command {}

  private record UnitReported(UnitActor.Report report) implements Command {}

  private record UnitDrained(UnitActor.Drained drained) implements Command {}

  /**
   * After a failed write or recovery (journal unreachable) the operator restarts after this delay
   * and recovers from the journal; until then its commands wait in the stash.
   */
  public static final Duration JOURNAL_RETRY = Duration.ofSeconds(3);

  public static String persistenceId(String application) {
    return "operator|" + application;
  }

  public static Behavior<Command> create(OperatorDependencies deps) {
    return Behaviors.setup(
        ctx -> Behaviors.withTimers(timers -> new OperatorActor(deps, ctx, timers)));
  }

  private final OperatorDependencies deps;
  private final ActorContext<Command> ctx;
  private final OperatorPlan planner;
  private final String tag;
  // What the plan reads besides the journal; both rebuilt after a restart (see forgetChildren).
  private Observed observed = Observed.NOTHING;
  private Children children = Children.NONE;
  // The hands that carry out the plan, and what the units last reported.
  private final UnitActors units;
  private final UnitRequests requests;
  private final UnitViews views;
  private final ApplicationTools tools;
  private final PlanIntents intents;
  private final OperatorLog log;
  // The relation sides last published (null: none since recovery, so the next is published).
  private List<io.caasoperator.relation.RelationSide> publishedSides;

  private OperatorActor(
      OperatorDependencies deps, ActorContext<Command> ctx, TimerScheduler<Command> timers) {
    super(
        PersistenceId.ofUniqueId(persistenceId(deps.application().value())),
        SupervisorStrategy.restartWithBackoff(JOURNAL_RETRY, JOURNAL_RETRY, 0.0));
    this.deps = deps;
    this.ctx = ctx;
    var substrate = deps.substrate();
    this.planner =
        new OperatorPlan(
            deps.application(),
            deps.charmRetry(),
            substrate.storageLayout(),
            substrate.addresses(),
            deps.inModel());
    this.tag = "app:" + deps.application().value();
    this.units =
        new UnitActors(
            ctx,
            deps.units(),
            ctx.messageAdapter(UnitActor.Report.class, UnitReported::new),
            ctx.messageAdapter(UnitActor.Drained.class, UnitDrained::new));
    this.views = new UnitViews(deps.application().value());
    this.requests = new UnitRequests(units);
    this.tools = new ApplicationTools(deps, units, views);
    this.intents = new PlanIntents(ctx, timers, deps, units, requests);
    this.log = new OperatorLog(ctx.getLog(), deps.application());
  }

  /**
   * The unit with the address its substrate gives it, as Juju's status shows a unit's {@code
   * address} (the pod's on Kubernetes; 127.0.0.1 on this machine, what {@code network-get}
   * answers).
   */
  private UnitView located(UnitView unit) {
    return unit.withAddress(deps.substrate().addresses().of(unit.unit()).privateAddress());
  }

  @Override
  public CommandHandler<Command, OperatorEvent, OperatorState> commandHandler() {
    return newCommandHandlerBuilder()
        .forAnyState()
        .onCommand(
            GetStatus.class,
            (state, cmd) -> Effect().reply(cmd.replyTo(), views.of(state).withUnits(this::located)))
        .onCommand(
            GetUnit.class,
            (state, cmd) -> Effect().reply(cmd.replyTo(), views.of(cmd.unit()).map(this::located)))
        .onCommand(UnitRequest.class, (state, cmd) -> only(() -> requests.route(state, cmd)))
        .onCommand(CallHookTool.class, (state, cmd) -> only(() -> tools.call(state, observed, cmd)))
        .onCommand(Drain.class, (state, cmd) -> only(() -> units.drain(cmd.replyTo())))
        .onCommand(
            UnitDrained.class, (state, cmd) -> only(() -> units.drained(cmd.drained().unit())))
        .onCommand(
            Learnt.class,
            (state, cmd) -> {
              log.learnt(cmd.input(), observed);
              views.learnt(cmd.input());
              return plan(state, cmd.input());
            })
        .onCommand(
            RelationsDeclared.class,
            (state, cmd) -> plan(state, new Input.RelationsDeclared(cmd.relations())))
        .onCommand(
            RemoteSideObserved.class,
            (state, cmd) -> plan(state, new Input.RemoteSideObserved(cmd.side())))
        .onCommand(
            ContainerStartReported.class,
            (state, cmd) -> only(() -> units.containerStarted(cmd.start())))
        .onCommand(
            WorkloadNoticeReported.class,
            (state, cmd) -> only(() -> units.workloadNoticed(cmd.notice())))
        .onCommand(
            UnitReported.class,
            (state, cmd) -> {
              views.reported(cmd.report());
              return UnitReports.input(state, cmd.report(), requests::awaitId, now())
                  .map(input -> plan(state, input))
                  .orElseGet(() -> Effect().none());
            })
        .build();
  }

  /** A command that changes nothing the journal holds. */
  private Effect<OperatorEvent, OperatorState> only(Runnable action) {
    action.run();
    return Effect().none();
  }

  /** Applies the plan for {@code input}: its events first, then its intents. */
  private Effect<OperatorEvent, OperatorState> plan(OperatorState state, Input input) {
    OperatorPlan.Plan plan = planner.next(state, observed, children, input, now());
    observed = plan.observed();
    children = plan.children();
    if (plan.events().isEmpty()) return only(() -> intents.carryOut(plan.intents()));
    return Effect()
        .persist(plan.events())
        .thenRun(
            persisted -> {
              tools.publish(persisted);
              publishSides(persisted);
              log.recorded(plan.events());
              intents.carryOut(plan.intents());
            });
  }

  // ---- persistence: recovery, restarts for the journal, snapshots

  @Override
  public OperatorState emptyState() {
    return OperatorState.initial();
  }

  @Override
  public EventHandler<OperatorState, OperatorEvent> eventHandler() {
    return newEventHandlerBuilder()
        .forAnyState()
        .onAnyEvent(
            (state, event) -> {
              log.applied();
              return state.apply(event);
            });
  }

  @Override
  public Set<String> tagsFor(OperatorEvent event) {
    return Set.of(tag);
  }

  @Override
  public RetentionCriteria retentionCriteria() {
    return SnapshotRetention.from(ctx.getSystem().settings().config());
  }

  @Override
  public SignalHandler<OperatorState> signalHandler() {
    String id = persistenceId(deps.application().value());
    JournalHealth health = JournalHealth.get(ctx.getSystem());
    return newSignalHandlerBuilder()
        .onSignal(RecoveryCompleted.instance(), this::onRecovered)
        .onSignal(
            JournalPersistFailed.class,
            (state, failed) -> health.writeFailed(id, failed.getFailure()))
        .onSignal(
            RecoveryFailed.class, (state, failed) -> health.recoveryFailed(id, failed.getFailure()))
        .onSignal(PreRestart.instance(), state -> forgetChildren())
        .onSignal(
            PostStop.instance(),
            state -> {
              tools.stopped();
              health.stopped(id);
            })
        .build();
  }

  private void onRecovered(OperatorState state) {
    JournalHealth.get(ctx.getSystem()).recovered(persistenceId(deps.application().value()));
    log.recovered(state, lastSequenceNumber(ctx));
    tools.publish(state);
    publishedSides = null;
    publishSides(state);
    deps.relationSides().recovered(deps.application().value());
    if (state.modelUuid() == null) {
      // A new journal, or one written before models had an identity: made here, recorded by the
      // plan before any unit runs (none does without one). First in the mailbox, before any report.
      ctx.getSelf().tell(new Learnt(new Input.ModelIdentityMade(UUID.randomUUID().toString())));
    }
    intents.started();
    OperatorWatchers.spawn(ctx, deps.substrate());
  }

  /**
   * A persist failure restarts the event-sourced behaviour but keeps this object; the restart stops
   * every child (units, removals, watchers, deployer), so what was set in motion is forgotten:
   * recovery spawns watchers and deployer again, and the next plan spawns the units and removes
   * again what was being removed. What is observed is kept (new listings correct it).
   */
  private void forgetChildren() {
    children = Children.NONE;
    observed = observed.withCharm(observed.charm().deployerStopped());
    intents.stopped();
    units.stopped();
    log.restarting();
  }

  /**
   * Tells the model this application's sides of its relations with other applications, when they
   * changed since the last time (always once after recovery: what the model had may be older).
   */
  private void publishSides(OperatorState state) {
    List<io.caasoperator.relation.RelationSide> sides =
        io.caasoperator.relation.RemoteSides.own(state, deps.application().value());
    if (sides.equals(publishedSides)) return;
    publishedSides = sides;
    deps.relationSides().published(deps.application().value(), sides);
  }

  private Instant now() {
    return deps.clock().instant();
  }
}
