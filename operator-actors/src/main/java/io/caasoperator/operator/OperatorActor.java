package io.caasoperator.operator;

import io.caasoperator.domain.UnitId;
import io.caasoperator.hook.HookContexts;
import io.caasoperator.operator.OperatorPlan.Input;
import io.caasoperator.operator.OperatorPlan.Intent;
import io.caasoperator.persistence.JournalHealth;
import io.caasoperator.persistence.OperatorEvent;
import io.caasoperator.persistence.OperatorState;
import io.caasoperator.relation.DatabagWrites;
import io.caasoperator.substrate.ApplicationObservation;
import io.caasoperator.substrate.ContainerStarted;
import io.caasoperator.substrate.UnitsObserved;
import io.caasoperator.substrate.WorkloadNotice;
import io.caasoperator.unit.ActionLookup;
import io.caasoperator.unit.ActionReply;
import io.caasoperator.unit.ActionRun;
import io.caasoperator.unit.ApplicationSnapshot;
import io.caasoperator.unit.ExecReply;
import io.caasoperator.unit.ResolveReply;
import io.caasoperator.unit.ToolReply;
import io.caasoperator.unit.UnitActor;
import io.caasoperator.unit.UnitView;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
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
 * units, designates the leader, and runs a UnitActor per unit. What to do is decided by {@link
 * OperatorPlan} from what the watchers report (the specification, unit lives), the charm deployer's
 * answers and the units' reports; this actor persists the plan's events, then carries out its
 * intents. It also routes requests (status, exec, resolve, hook tools, charm actions) to the units,
 * gives charm actions their application-wide ids, and drains the units at shutdown.
 */
public final class OperatorActor
    extends EventSourcedBehavior<OperatorActor.Command, OperatorEvent, OperatorState> {

  public sealed interface Command {}

  /** Replies with the application's status and every unit's. */
  public record GetStatus(ActorRef<ApplicationView> replyTo) implements Command {}

  /** Replies with the unit's view, or empty when the operator has no such unit. */
  public record GetUnit(UnitId unit, ActorRef<Optional<UnitView>> replyTo) implements Command {}

  /**
   * Resolves the unit's failed hook (retry now, or count it done): the unit replies at once; a unit
   * without an actor is answered {@code UNKNOWN_UNIT} at once.
   */
  public record ResolveUnit(UnitId unit, boolean retry, ActorRef<ResolveReply> replyTo)
      implements Command {}

  /**
   * Runs a command in the unit's context (see {@link UnitActor.RunExec}): the unit replies when it
   * ends; a unit without an actor is answered {@code UNKNOWN_UNIT} at once.
   */
  public record ExecOnUnit(
      UnitId unit, String commands, Duration timeout, ActionRun action, ActorRef<ExecReply> replyTo)
      implements Command {}

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
      implements Command {}

  /**
   * Replies with action {@code id} as its unit keeps it (with {@code untilFinished}, once it
   * finished); without an action, and a sentence why, when no unit has it.
   */
  public record GetAction(long id, boolean untilFinished, ActorRef<ActionLookup> replyTo)
      implements Command {}

  /**
   * Replies with the newest action ids (at most {@code limit}; of {@code unit} only, when given)
   * and their units, oldest first.
   */
  public record ListActionIds(Optional<UnitId> unit, int limit, ActorRef<ActionIds> replyTo)
      implements Command {}

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

  // What the watchers, the charm deployer, the units and their removals report; no reply.

  record ApplicationChanged(ApplicationObservation observation) implements Command {}

  record UnitsChanged(UnitsObserved observation) implements Command {}

  record ContainerStartReported(ContainerStarted start) implements Command {}

  record WorkloadNoticeReported(WorkloadNotice notice) implements Command {}

  private record UnitReported(UnitActor.Report report) implements Command {}

  private record UnitDrained(UnitActor.Drained drained) implements Command {}

  private record CharmResult(CharmDeployer.Result result) implements Command {}

  private record CharmRetryDue() implements Command {}

  private record RemovalDone(UnitRemoval.Removed removed) implements Command {}

  /** The journal has no model identity: record this one (made when the journal was read). */
  private record IdentifyModel(String uuid) implements Command {}

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
  private final TimerScheduler<Command> timers;
  private final OperatorPlan planner;
  private final String tag;
  private final ActorRef<CharmDeployer.Result> charmResults;
  private final ActorRef<UnitRemoval.Removed> removals;
  // What the plan reads besides the journal; both rebuilt after a restart (see forgetChildren).
  private Observed observed = Observed.NOTHING;
  private Children children = Children.NONE;
  // The hands that carry out the plan, and what the units last reported.
  private ActorRef<CharmDeployer.Command> deployer;
  private final UnitActors units;
  private final UnitRequests requests;
  private final Map<UnitId, UnitView> views = new HashMap<>();
  // For the recovery log line only: from construction (or a restart for the journal, then
  // including the time it was down) to RecoveryCompleted.
  private long recoveryStartedNanos = System.nanoTime();
  private long recoveredEvents = 0;

  private OperatorActor(
      OperatorDependencies deps, ActorContext<Command> ctx, TimerScheduler<Command> timers) {
    super(
        PersistenceId.ofUniqueId(persistenceId(deps.application().value())),
        SupervisorStrategy.restartWithBackoff(JOURNAL_RETRY, JOURNAL_RETRY, 0.0));
    this.deps = deps;
    this.ctx = ctx;
    this.timers = timers;
    this.planner =
        new OperatorPlan(
            deps.application(),
            deps.charmRetry(),
            deps.substrate().storageLayout(),
            deps.substrate().addresses());
    this.tag = "app:" + deps.application().value();
    this.units =
        new UnitActors(
            ctx,
            deps.units(),
            ctx.messageAdapter(UnitActor.Report.class, UnitReported::new),
            ctx.messageAdapter(UnitActor.Drained.class, UnitDrained::new));
    this.requests = new UnitRequests(units);
    this.charmResults = ctx.messageAdapter(CharmDeployer.Result.class, CharmResult::new);
    this.removals = ctx.messageAdapter(UnitRemoval.Removed.class, RemovalDone::new);
  }

  @Override
  public CommandHandler<Command, OperatorEvent, OperatorState> commandHandler() {
    return newCommandHandlerBuilder()
        .forAnyState()
        .onCommand(GetStatus.class, (state, cmd) -> Effect().reply(cmd.replyTo(), view(state)))
        .onCommand(
            GetUnit.class,
            (state, cmd) ->
                Effect().reply(cmd.replyTo(), Optional.ofNullable(views.get(cmd.unit()))))
        .onCommand(ResolveUnit.class, (state, cmd) -> only(() -> requests.resolve(cmd)))
        .onCommand(ExecOnUnit.class, (state, cmd) -> only(() -> requests.exec(cmd)))
        .onCommand(CallHookTool.class, this::onHookTool)
        .onCommand(RunAction.class, (state, cmd) -> only(() -> requests.runAction(cmd)))
        .onCommand(GetAction.class, this::onGetAction)
        .onCommand(
            ListActionIds.class,
            (state, cmd) -> Effect().reply(cmd.replyTo(), UnitRequests.actionIds(state, cmd)))
        .onCommand(Drain.class, (state, cmd) -> only(() -> units.drain(cmd.replyTo())))
        .onCommand(
            UnitDrained.class, (state, cmd) -> only(() -> units.drained(cmd.drained().unit())))
        .onCommand(
            ApplicationChanged.class,
            (state, cmd) -> {
              if (cmd.observation() instanceof ApplicationObservation.Invalid invalid) {
                ctx.getLog()
                    .warn(
                        "specification rejected, keeping the last good one: {}", invalid.problem());
              }
              return plan(state, new Input.ApplicationReported(cmd.observation()));
            })
        .onCommand(
            UnitsChanged.class,
            (state, cmd) -> plan(state, new Input.UnitsReported(cmd.observation())))
        .onCommand(
            ContainerStartReported.class,
            (state, cmd) -> only(() -> units.containerStarted(cmd.start())))
        .onCommand(
            WorkloadNoticeReported.class,
            (state, cmd) -> only(() -> units.workloadNoticed(cmd.notice())))
        .onCommand(UnitReported.class, this::onUnitReport)
        .onCommand(
            CharmResult.class,
            (state, cmd) -> {
              if (cmd.result() instanceof CharmDeployer.Failed failed
                  && observed.charm().awaits(failed)) {
                ctx.getLog().warn("{}", failed.problem().getMessage());
              }
              return plan(state, new Input.CharmSettled(cmd.result()));
            })
        .onCommand(CharmRetryDue.class, (state, cmd) -> plan(state, new Input.CharmRetryDue()))
        .onCommand(
            IdentifyModel.class,
            (state, cmd) -> plan(state, new Input.ModelIdentityMade(cmd.uuid())))
        .onCommand(
            RemovalDone.class,
            (state, cmd) -> {
              UnitId unit = cmd.removed().unit();
              views.remove(unit);
              ctx.getLog().info("unit {} removed", unit);
              return plan(state, new Input.UnitReleased(unit));
            })
        .build();
  }

  /**
   * The unit accepted the request: it gets the next id, in the journal before the unit hears it.
   */
  private Effect<OperatorEvent, OperatorState> assignActionId(
      OperatorState state, UnitActor.Report.ActionAccepted accepted) {
    long id = state.actions().nextId();
    return Effect()
        .persist(new OperatorEvent.ActionIdAssigned(id, accepted.unit(), accepted.name(), now()))
        .thenRun(s -> requests.queueAction(id, accepted));
  }

  private Effect<OperatorEvent, OperatorState> onGetAction(OperatorState state, GetAction cmd) {
    UnitId owner = state.actions().units().get(cmd.id());
    if (owner == null)
      return Effect().reply(cmd.replyTo(), UnitRequests.untracked(state, cmd.id()));
    return only(() -> requests.getAction(cmd, owner));
  }

  private Effect<OperatorEvent, OperatorState> onHookTool(OperatorState state, CallHookTool cmd) {
    var unit = units.find(cmd.context().unit());
    if (unit.isEmpty() || state.charm() == null) {
      return Effect()
          .reply(cmd.replyTo(), new ToolReply(null, "unit " + cmd.context().unit() + " is gone"));
    }
    ApplicationSnapshot app =
        ApplicationView.forHookTools(
            deps.units().environment().modelName(),
            state,
            views::get,
            deps.substrate().addresses().of(cmd.context().unit()),
            resources(),
            deps.substrate().storageLayout().canAdd(),
            now());
    unit.get()
        .tell(
            new UnitActor.RunHookTool(
                cmd.context().contextId(),
                cmd.tool(),
                cmd.args(),
                cmd.stdin(),
                app,
                cmd.replyTo()));
    return Effect().none();
  }

  private Effect<OperatorEvent, OperatorState> onUnitReport(OperatorState state, UnitReported cmd) {
    return switch (cmd.report()) {
      case UnitActor.Report.Changed changed -> {
        views.put(changed.view().unit(), changed.view());
        // level-triggered: a write the journal lacks (also after either side restarted) is recorded
        // now
        boolean unrecorded =
            !DatabagWrites.unrecorded(
                    state, changed.view().unit(), changed.view().relationWrites(), now())
                .isEmpty();
        yield unrecorded
            ? plan(
                state, new Input.UnitWrote(changed.view().unit(), changed.view().relationWrites()))
            : Effect().none();
      }
      // level-triggered: what was sent to the unit before it restarted is sent again
      case UnitActor.Report.Recovered recovered ->
          plan(state, new Input.UnitRecovered(recovered.unit()));
      case UnitActor.Report.Dead dead -> plan(state, new Input.UnitDied(dead.unit()));
      case UnitActor.Report.ApplicationEffects effects ->
          plan(state, new Input.ToolEffects(effects.events()));
      case UnitActor.Report.ActionAccepted accepted -> assignActionId(state, accepted);
    };
  }

  /** A command that changes nothing the journal holds. */
  private Effect<OperatorEvent, OperatorState> only(Runnable action) {
    action.run();
    return Effect().none();
  }

  // ---- applying a plan: its events first, then its intents

  private Effect<OperatorEvent, OperatorState> plan(OperatorState state, Input input) {
    OperatorPlan.Plan plan = planner.next(state, observed, children, input, now());
    observed = plan.observed();
    children = plan.children();
    if (plan.events().isEmpty()) {
      plan.intents().forEach(this::carryOut);
      return Effect().none();
    }
    return Effect()
        .persist(plan.events())
        .thenRun(
            persisted -> {
              publishForTools(persisted);
              plan.events().forEach(this::logRecorded);
              plan.intents().forEach(this::carryOut);
            });
  }

  private void carryOut(Intent intent) {
    switch (intent) {
      case Intent.DeployCharm deploy -> {
        ctx.getLog().info("deploying charm {}", deploy.ref().url());
        deployer.tell(new CharmDeployer.Deploy(deploy.ref(), charmResults));
      }
      case Intent.EnsureCharm ensure ->
          deployer.tell(new CharmDeployer.Ensure(ensure.charm(), charmResults));
      case Intent.RetryCharm retry ->
          timers.startSingleTimer(CharmRetryDue.class, new CharmRetryDue(), retry.after());
      case Intent.AnnounceCharm announce -> deps.substrate().charmDeployed(announce.charm());
      case Intent.SpawnUnit spawn -> units.spawn(spawn.unit(), spawn.modelUuid());
      case Intent.AssignUnit assign -> units.assign(assign.unit(), assign.desired());
      case Intent.RemoveUnit remove -> {
        if (remove.vanished())
          ctx.getLog().info("unit {} is no longer in the substrate: removing it", remove.unit());
        units.stop(remove.unit());
        ctx.spawnAnonymous(
            UnitRemoval.create(
                remove.unit(),
                deps.units().unitDir(remove.unit()),
                deps.substrate().unitRemover(),
                deps.blocking(),
                removals));
      }
      case Intent.StopOperating stop -> {
        ctx.getLog()
            .info(
                "application {} is gone ({}): stopping; journal, charms and unit data are kept",
                deps.application(),
                stop.reason());
        deps.onApplicationGone().accept(stop.reason());
      }
    }
  }

  private void logRecorded(OperatorEvent event) {
    if (event instanceof OperatorEvent.CharmDeployed deployed) {
      ctx.getLog()
          .info(
              "charm {} deployed: {} generation {} (sha256 {})",
              deployed.charm().ref().url(),
              deployed.charm().name(),
              deployed.charm().generation(),
              deployed.charm().sha256());
    } else if (event instanceof OperatorEvent.LeaderElected elected) {
      ctx.getLog().info("unit {} is the leader", elected.unit());
    }
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
              if (recoveredEvents >= 0) recoveredEvents++; // counted for the recovery log line only
              return state.apply(event);
            });
  }

  @Override
  public Set<String> tagsFor(OperatorEvent event) {
    return Set.of(tag);
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

  @Override
  public SignalHandler<OperatorState> signalHandler() {
    String id = persistenceId(deps.application().value());
    return newSignalHandlerBuilder()
        .onSignal(RecoveryCompleted.instance(), this::onRecovered)
        .onSignal(
            JournalPersistFailed.class,
            (state, failed) -> health().writeFailed(id, failed.getFailure()))
        .onSignal(
            RecoveryFailed.class,
            (state, failed) -> health().recoveryFailed(id, failed.getFailure()))
        .onSignal(PreRestart.instance(), state -> forgetChildren())
        .onSignal(
            PostStop.instance(),
            state -> {
              deps.units().toolViews().applicationStopped();
              health().stopped(id);
            })
        .build();
  }

  private void onRecovered(OperatorState state) {
    health().recovered(persistenceId(deps.application().value()));
    long last = lastSequenceNumber(ctx);
    ctx.getLog()
        .info(
            "recovered operator|{} from snapshot {} + {} events in {} ms: charm generation {}, {} unit(s), leader {}",
            deps.application(),
            last - recoveredEvents,
            recoveredEvents,
            (System.nanoTime() - recoveryStartedNanos) / 1_000_000,
            state.charmGeneration(),
            state.units().size(),
            state.leader());
    recoveredEvents = -1;
    publishForTools(state);
    if (state.modelUuid() == null) {
      // A new journal, or one written before models had an identity: made here, recorded by the
      // plan before any unit runs (none does without one). First in the mailbox, before any report.
      ctx.getSelf().tell(new IdentifyModel(UUID.randomUUID().toString()));
    }
    deployer = ctx.spawn(CharmDeployer.create(deps.charms(), deps.blocking()), "charm-deployer");
    var source = deps.substrate();
    ctx.spawn(
        SubstrateWatcher.create(
            "application",
            source.applicationSource()::watch,
            ctx.getSelf(),
            ApplicationChanged::new),
        "application-watcher");
    ctx.spawn(
        SubstrateWatcher.create(
            "units", source.unitSource()::watch, ctx.getSelf(), UnitsChanged::new),
        "units-watcher");
    ctx.spawn(
        SubstrateWatcher.create(
            "container starts",
            source.containerStartSource()::watch,
            ctx.getSelf(),
            ContainerStartReported::new),
        "container-start-watcher");
    ctx.spawn(
        SubstrateWatcher.create(
            "workload notices",
            source.workloadNoticeSource()::watch,
            ctx.getSelf(),
            WorkloadNoticeReported::new),
        "workload-notice-watcher");
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
    deployer = null;
    units.stopped();
    recoveredEvents = 0;
    recoveryStartedNanos = System.nanoTime();
  }

  private JournalHealth health() {
    return JournalHealth.get(ctx.getSystem());
  }

  // ---- views

  /** What the units' read-only tool calls read of the application ({@code ToolViewAnswer}). */
  private void publishForTools(OperatorState state) {
    if (state.charm() == null) {
      deps.units().toolViews().applicationStopped(); // as onHookTool: no charm, no tools
    } else {
      deps.units()
          .toolViews()
          .applicationChanged(
              ApplicationView.forPublishedTools(deps.units().environment().modelName(), state));
    }
  }

  private ApplicationView view(OperatorState state) {
    return ApplicationView.of(deps.application().value(), state, views::get);
  }

  /**
   * The specification's file resources ({@code resource-get}); none before the first specification.
   */
  private Map<String, String> resources() {
    return observed.spec() == null ? Map.of() : observed.spec().resources();
  }

  private Instant now() {
    return deps.clock().instant();
  }
}
