package io.caasoperator.operator;

import io.caasoperator.charm.ConfigSettings;
import io.caasoperator.domain.CharmInfo;
import io.caasoperator.domain.CharmRef;
import io.caasoperator.domain.Life;
import io.caasoperator.domain.Status;
import io.caasoperator.domain.UnitId;
import io.caasoperator.files.RecursiveDelete;
import io.caasoperator.persistence.JournalHealth;
import io.caasoperator.persistence.OperatorEvent;
import io.caasoperator.persistence.OperatorEvent.*;
import io.caasoperator.persistence.OperatorState;
import io.caasoperator.substrate.ApplicationObservation;
import io.caasoperator.substrate.ContainerStarted;
import io.caasoperator.substrate.Specification;
import io.caasoperator.substrate.UnitObservation;
import io.caasoperator.substrate.UnitsObserved;
import io.caasoperator.hook.HookContexts;
import io.caasoperator.hooktool.PeerUnit;
import io.caasoperator.unit.ActionRun;
import io.caasoperator.unit.ApplicationSnapshot;
import io.caasoperator.unit.Desired;
import io.caasoperator.unit.UnitActor;
import io.caasoperator.unit.UnitView;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import org.apache.pekko.Done;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.PreRestart;
import org.apache.pekko.actor.typed.PostStop;
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
 * units, designates the leader, and runs a UnitActor per unit. It acts on what its watchers
 * report (the specification, unit lives, container starts), level-triggered: any full listing
 * brings it back in line, whatever it missed.
 */
public final class OperatorActor extends EventSourcedBehavior<OperatorActor.Command, OperatorEvent, OperatorState> {

  public sealed interface Command {}

  /** Replies with the application's status and every unit's. */
  public record GetStatus(ActorRef<ApplicationView> replyTo) implements Command {}

  /** Replies with the unit's view, or empty when the operator has no such unit. */
  public record GetUnit(UnitId unit, ActorRef<Optional<UnitView>> replyTo) implements Command {}

  /** Resolves the unit's failed hook (retry now, or count it done); replies at once. */
  public record ResolveUnit(UnitId unit, boolean retry, ActorRef<UnitActor.ResolveReply> replyTo) implements Command {}

  /** Runs a command in the unit's context (see {@link UnitActor.RunExec}); replies when it ends. */
  public record ExecOnUnit(
      UnitId unit, String commands, Duration timeout, ActionRun action, ActorRef<UnitActor.ExecReply> replyTo)
      implements Command {}

  /**
   * A hook tool call from the hook or exec registered under {@code context}; forwarded to its
   * unit with a snapshot of the application; the unit replies.
   */
  public record CallHookTool(HookContexts.HookContext context, String tool, List<String> args, String stdin,
      ActorRef<UnitActor.ToolReply> replyTo) implements Command {}

  /** Stops starting hooks; replies once no hook runs in any unit (shutdown). */
  public record Drain(ActorRef<Done> replyTo) implements Command {}

  record ApplicationChanged(ApplicationObservation observation) implements Command {}

  record UnitsChanged(UnitsObserved observation) implements Command {}

  record ContainerStartReported(ContainerStarted start) implements Command {}

  private record UnitReported(UnitActor.Report report) implements Command {}

  private record CharmResult(CharmDeployer.Result result) implements Command {}

  private record RetryCharm() implements Command {}

  private record UnitReleased(UnitId unit, Throwable error) implements Command {}

  private record RetryRelease(UnitId unit) implements Command {}

  private record UnitDrained(UnitActor.Drained drained) implements Command {}

  private static final Duration RELEASE_RETRY = Duration.ofSeconds(3);
  /**
   * After a failed write or recovery (journal unreachable) the operator restarts after this delay
   * and recovers from the journal; until then its commands wait in the stash.
   */
  public static final Duration JOURNAL_RETRY = Duration.ofSeconds(3);

  public static String persistenceId(String application) {
    return "operator|" + application;
  }

  public static Behavior<Command> create(OperatorDependencies deps) {
    return Behaviors.setup(ctx -> Behaviors.withTimers(timers -> new OperatorActor(deps, ctx, timers)));
  }

  private final OperatorDependencies deps;
  private final ActorContext<Command> ctx;
  private final TimerScheduler<Command> timers;
  private final String tag;
  private final ActorRef<UnitActor.Report> unitReports;
  private final ActorRef<CharmDeployer.Result> charmResults;
  private ActorRef<CharmDeployer.Command> deployer;

  // What the operator observes now; rebuilt after a restart by the watchers' first full listings.
  private Specification spec;
  private String specProblem;
  private String charmProblem;
  private String configProblem;
  private CharmRef deploying;
  /** A charm whose last attempt failed: tried again only on its retry timer or a new specification. */
  private CharmRef blockedRef;
  private int charmAttempts;
  private boolean unitsListed;
  /** The charm generation the substrate was last told about. */
  private long announcedCharm = -1;
  private boolean charmOnDisk;
  private boolean gone;
  // Recovery timing for the start-up log: from construction (or a restart for the journal, then
  // including the time it was down) to RecoveryCompleted.
  private long startedNanos = System.nanoTime();
  private boolean recovering = true;
  private long recoveredEvents;
  private final Map<UnitId, Life> observed = new TreeMap<>();
  private final Map<UnitId, ActorRef<UnitActor.Command>> children = new HashMap<>();
  private final Map<UnitId, Desired> sent = new HashMap<>();
  private final Map<UnitId, UnitView> views = new HashMap<>();
  private final Set<UnitId> releasing = new HashSet<>();
  /**
   * Units released to the substrate that it may still list as dying for a while (a pod whose
   * finalizer was just removed): not adopted again until the substrate stops listing them, or
   * lists them alive (a new unit with the same name).
   */
  private final Set<UnitId> released = new HashSet<>();
  private final Map<UnitId, Map<String, String>> pendingStarts = new HashMap<>();
  private final List<ActorRef<Done>> drainWaiters = new ArrayList<>();
  private final Set<UnitId> draining = new HashSet<>();

  private OperatorActor(OperatorDependencies deps, ActorContext<Command> ctx, TimerScheduler<Command> timers) {
    super(PersistenceId.ofUniqueId(persistenceId(deps.application().value())),
        SupervisorStrategy.restartWithBackoff(JOURNAL_RETRY, JOURNAL_RETRY, 0.0));
    this.deps = deps;
    this.ctx = ctx;
    this.timers = timers;
    this.tag = "app:" + deps.application().value();
    this.unitReports = ctx.messageAdapter(UnitActor.Report.class, UnitReported::new);
    this.charmResults = ctx.messageAdapter(CharmDeployer.Result.class, CharmResult::new);
  }

  @Override
  public OperatorState emptyState() {
    return OperatorState.initial();
  }

  @Override
  public Set<String> tagsFor(OperatorEvent event) {
    return Set.of(tag);
  }

  @Override
  public RetentionCriteria retentionCriteria() {
    var config = ctx.getSystem().settings().config();
    int every = config.hasPath("caas.journal.snapshot-every") ? config.getInt("caas.journal.snapshot-every") : 100;
    return RetentionCriteria.snapshotEvery(every, 2);
  }

  @Override
  public EventHandler<OperatorState, OperatorEvent> eventHandler() {
    return newEventHandlerBuilder().forAnyState().onAnyEvent((state, event) -> {
      // Counted for the recovery log line only; the state comes from apply alone.
      if (recovering) recoveredEvents++;
      return state.apply(event);
    });
  }

  @Override
  public SignalHandler<OperatorState> signalHandler() {
    String id = persistenceId(deps.application().value());
    return newSignalHandlerBuilder()
        .onSignal(RecoveryCompleted.instance(), this::onRecovered)
        .onSignal(JournalPersistFailed.class, (state, failed) -> health().writeFailed(id, failed.getFailure()))
        .onSignal(RecoveryFailed.class, (state, failed) -> health().recoveryFailed(id, failed.getFailure()))
        .onSignal(PreRestart.instance(), state -> forgetChildren())
        .onSignal(PostStop.instance(), state -> health().stopped(id))
        .build();
  }

  private JournalHealth health() {
    return JournalHealth.get(ctx.getSystem());
  }

  /**
   * A persist failure restarts the event-sourced behaviour but keeps this object; the restart
   * stops every child (unit actors, watchers, the charm deployer), so the references to them go:
   * recovery spawns the watchers and deployer again, and the first reconcile after the watchers'
   * listings spawns a unit actor per unit of the journal, each recovering its own journal. What
   * the operator observes (specification, units) is kept: the new listings correct it anyway.
   */
  private void forgetChildren() {
    children.clear();
    sent.clear();
    deployer = null;
    deploying = null; // the stopped deployer never answers; deploy again
    // The stopped unit actors cancelled their hooks: nothing is left to drain.
    draining.clear();
    finishDrainIfIdle();
    recovering = true;
    recoveredEvents = 0;
    startedNanos = System.nanoTime();
  }

  @Override
  public CommandHandler<Command, OperatorEvent, OperatorState> commandHandler() {
    return newCommandHandlerBuilder()
        .forAnyState()
        .onCommand(GetStatus.class, (state, cmd) -> Effect().reply(cmd.replyTo(), view(state)))
        .onCommand(GetUnit.class, (state, cmd) -> Effect().reply(cmd.replyTo(), Optional.ofNullable(views.get(cmd.unit()))))
        .onCommand(ResolveUnit.class, this::onResolve)
        .onCommand(Drain.class, this::onDrain)
        .onCommand(ExecOnUnit.class, this::onExec)
        .onCommand(CallHookTool.class, this::onHookTool)
        .onCommand(UnitDrained.class, (state, cmd) -> {
          draining.remove(cmd.drained().unit());
          finishDrainIfIdle();
          return Effect().none();
        })
        .onCommand(ApplicationChanged.class, this::onApplication)
        .onCommand(UnitsChanged.class, this::onUnits)
        .onCommand(ContainerStartReported.class, this::onContainerStart)
        .onCommand(UnitReported.class, this::onUnitReport)
        .onCommand(CharmResult.class, this::onCharmResult)
        .onCommand(RetryCharm.class, (state, cmd) -> {
          blockedRef = null;
          return reconcile(state, List.of());
        })
        .onCommand(UnitReleased.class, this::onUnitReleased)
        .onCommand(RetryRelease.class, (state, cmd) -> {
          releasing.remove(cmd.unit());
          startRemoval(cmd.unit());
          return Effect().none();
        })
        .build();
  }

  // ---- start-up

  private void onRecovered(OperatorState state) {
    health().recovered(persistenceId(deps.application().value()));
    recovering = false;
    long last = lastSequenceNumber(ctx);
    ctx.getLog().info("recovered operator|{} from snapshot {} + {} events in {} ms: charm generation {}, {} unit(s), leader {}",
        deps.application(), last - recoveredEvents, recoveredEvents, (System.nanoTime() - startedNanos) / 1_000_000,
        state.charmGeneration(), state.units().size(), state.leader());
    deployer = ctx.spawn(CharmDeployer.create(deps.charms(), deps.blocking()), "charm-deployer");
    var substrate = deps.substrate();
    ctx.spawn(SubstrateWatcher.create("application", substrate.applicationSource()::watch, ctx.getSelf(),
        ApplicationChanged::new), "application-watcher");
    ctx.spawn(SubstrateWatcher.create("units", substrate.unitSource()::watch, ctx.getSelf(), UnitsChanged::new),
        "units-watcher");
    ctx.spawn(SubstrateWatcher.create("container starts", substrate.containerStartSource()::watch, ctx.getSelf(),
        ContainerStartReported::new), "container-start-watcher");
  }

  // ---- the specification

  private Effect<OperatorEvent, OperatorState> onApplication(OperatorState state, ApplicationChanged cmd) {
    switch (cmd.observation()) {
      case ApplicationObservation.Specified s -> {
        if (!s.specification().application().equals(deps.application())) {
          specProblem = "specification is for application \"" + s.specification().application()
              + "\", this operator runs \"" + deps.application() + "\"";
        } else {
          spec = s.specification();
          specProblem = null;
        }
      }
      case ApplicationObservation.Invalid invalid -> {
        ctx.getLog().warn("specification rejected, keeping the last good one: {}", invalid.problem());
        specProblem = invalid.problem();
      }
      case ApplicationObservation.NotFound notFound -> {
        if (!gone) {
          gone = true;
          ctx.getLog().info("application {} is gone ({}): stopping; journal, charms and unit data are kept",
              deps.application(), notFound.reason());
          deps.onApplicationGone().accept(notFound.reason());
        }
        return Effect().none();
      }
    }
    return reconcile(state, List.of());
  }

  private Effect<OperatorEvent, OperatorState> onCharmResult(OperatorState state, CharmResult cmd) {
    CharmDeployer.Result result = cmd.result();
    if (!result.ref().equals(deploying)) return Effect().none(); // superseded by a newer spec
    deploying = null;
    List<OperatorEvent> events = new ArrayList<>();
    switch (result) {
      case CharmDeployer.Failed failed -> {
        charmProblem = failed.problem().getMessage();
        blockedRef = spec != null && !spec.charm().isModifiedFrom(result.ref()) ? spec.charm() : result.ref();
        charmAttempts++;
        ctx.getLog().warn("{}", charmProblem);
        if (failed.problem().retryable()) {
          timers.startSingleTimer("charm-retry", new RetryCharm(), deps.charmRetry().delayAfter(charmAttempts));
        }
      }
      case CharmDeployer.Deployed deployed -> {
        charmProblem = null;
        blockedRef = null;
        charmAttempts = 0;
        CharmInfo info = deployed.charm().info();
        boolean recorded = state.charm() != null && state.charm().sha256().equals(info.sha256())
            && state.charm().ref().equals(result.ref());
        if (recorded) {
          charmOnDisk = true; // the journal's charm, checked on disk after a restart
        } else {
          List<String> problems = spec == null ? List.of() : ConfigSettings.problems(info.options(), spec.config());
          if (!problems.isEmpty()) {
            charmProblem = "charm " + result.ref().url() + ": config does not fit the new charm: " + String.join("; ", problems);
            blockedRef = result.ref();
          } else {
            CharmInfo next = info.withGeneration(state.charmGeneration() + 1);
            events.add(new CharmDeployed(next, now()));
            charmOnDisk = true;
            ctx.getLog().info("charm {} deployed: {} generation {} (sha256 {})",
                result.ref().url(), next.name(), next.generation(), next.sha256());
          }
        }
      }
    }
    return reconcile(state, events);
  }

  // ---- units

  private Effect<OperatorEvent, OperatorState> onUnits(OperatorState state, UnitsChanged cmd) {
    UnitsObserved units = cmd.observation();
    if (units.complete()) {
      observed.clear();
      unitsListed = true;
    }
    for (UnitObservation u : units.units()) observed.put(u.unit(), u.life());
    released.removeIf(u -> !observed.containsKey(u) || observed.get(u) != Life.DYING);
    return reconcile(state, List.of());
  }

  private Effect<OperatorEvent, OperatorState> onContainerStart(OperatorState state, ContainerStartReported cmd) {
    ContainerStarted start = cmd.start();
    ActorRef<UnitActor.Command> child = children.get(start.unit());
    if (child != null) {
      child.tell(new UnitActor.ObserveContainerStart(start.container(), start.startId()));
    } else {
      // coalesced: only the latest start per container waits for the unit's actor
      pendingStarts.computeIfAbsent(start.unit(), u -> new TreeMap<>()).put(start.container(), start.startId());
    }
    return Effect().none();
  }

  private Effect<OperatorEvent, OperatorState> onUnitReport(OperatorState state, UnitReported cmd) {
    switch (cmd.report()) {
      case UnitActor.Report.Changed changed -> {
        views.put(changed.view().unit(), changed.view());
        return Effect().none();
      }
      case UnitActor.Report.Recovered recovered -> {
        // level-triggered: a message lost while the unit restarted is sent again
        sent.remove(recovered.unit());
        if (readyForUnits(state) && children.containsKey(recovered.unit())) {
          syncUnit(state, recovered.unit(), state.units().get(recovered.unit()));
        }
        return Effect().none();
      }
      case UnitActor.Report.Dead dead -> {
        startRemoval(dead.unit());
        return Effect().none();
      }
      case UnitActor.Report.ApplicationEffects effects -> {
        return onApplicationEffects(state, effects);
      }
    }
  }

  /** A dead or vanished unit: stop its actor, delete its directory, release it, then record it. */
  private void startRemoval(UnitId unit) {
    if (releasing.contains(unit)) return;
    releasing.add(unit);
    stopChild(unit);
    // Container starts waiting for this unit belong to the incarnation being removed; a unit
    // alive again is a new incarnation, whose containers the substrate reports starting anew.
    pendingStarts.remove(unit);
    Path dir = deps.units().unitDir(unit);
    CompletableFuture<Void> work = CompletableFuture.runAsync(() -> {
      try {
        RecursiveDelete.delete(dir);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot delete " + dir + ": " + e.getMessage(), e);
      }
      try {
        deps.substrate().unitRemover().release(unit);
      } catch (Exception e) {
        throw new IllegalStateException(e.getMessage(), e);
      }
    }, deps.blocking());
    ctx.pipeToSelf(work, (ok, error) -> new UnitReleased(unit, error));
  }

  private Effect<OperatorEvent, OperatorState> onUnitReleased(OperatorState state, UnitReleased cmd) {
    UnitId unit = cmd.unit();
    if (cmd.error() != null) {
      ctx.getLog().warn("unit {}: cannot release it yet, retrying in {}: {}", unit, RELEASE_RETRY, cmd.error().getMessage());
      timers.startSingleTimer("release-" + unit, new RetryRelease(unit), RELEASE_RETRY);
      return Effect().none();
    }
    releasing.remove(unit);
    // Listed alive already (scaled down and up again while it was dying): a later dying listing
    // is this new unit's, not a stale one of the unit just released.
    if (observed.get(unit) != Life.ALIVE) released.add(unit);
    views.remove(unit);
    ctx.getLog().info("unit {} removed", unit);
    List<OperatorEvent> events = new ArrayList<>();
    if (state.units().containsKey(unit)) events.add(new UnitRemoved(unit, now()));
    if (observed.get(unit) == Life.DEAD) observed.remove(unit);
    return reconcile(state, events);
  }

  private Effect<OperatorEvent, OperatorState> onResolve(OperatorState state, ResolveUnit cmd) {
    ActorRef<UnitActor.Command> child = children.get(cmd.unit());
    if (child == null) {
      return Effect().reply(cmd.replyTo(), new UnitActor.ResolveReply(UnitActor.ResolveReply.Outcome.UNKNOWN_UNIT, "unknown unit " + cmd.unit()));
    }
    child.tell(new UnitActor.Resolve(cmd.retry(), cmd.replyTo()));
    return Effect().none();
  }

  private Effect<OperatorEvent, OperatorState> onExec(OperatorState state, ExecOnUnit cmd) {
    ActorRef<UnitActor.Command> child = children.get(cmd.unit());
    if (child == null) {
      return Effect().reply(cmd.replyTo(),
          new UnitActor.ExecReply(UnitActor.ExecReply.Outcome.UNKNOWN_UNIT, null, "unknown unit " + cmd.unit(), null));
    }
    child.tell(new UnitActor.RunExec(cmd.commands(), cmd.timeout(), cmd.action(), cmd.replyTo()));
    return Effect().none();
  }

  private Effect<OperatorEvent, OperatorState> onHookTool(OperatorState state, CallHookTool cmd) {
    UnitId unit = cmd.context().unit();
    ActorRef<UnitActor.Command> child = children.get(unit);
    if (child == null || state.charm() == null) {
      return Effect().reply(cmd.replyTo(), new UnitActor.ToolReply(null, "unit " + unit + " is gone"));
    }
    child.tell(new UnitActor.RunHookTool(cmd.context().contextId(), cmd.tool(), cmd.args(), cmd.stdin(),
        snapshot(state), cmd.replyTo()));
    return Effect().none();
  }

  private ApplicationSnapshot snapshot(OperatorState state) {
    List<PeerUnit> peers = state.units().entrySet().stream()
        .map(e -> new PeerUnit(e.getKey(), e.getValue(),
            views.containsKey(e.getKey()) ? views.get(e.getKey()).workloadStatus() : Status.of("waiting", "", now())))
        .toList();
    return new ApplicationSnapshot(deps.units().environment().modelName(),
        ConfigSettings.effective(state.charm().options(), state.config()),
        state.charmSettings().leaderSettings(), ApplicationView.displayedStatus(state), state.charmSettings().workloadVersion(), peers);
  }

  private Effect<OperatorEvent, OperatorState> onApplicationEffects(OperatorState state, UnitActor.Report.ApplicationEffects report) {
    return Effect().persist(report.events()).thenRun(this::syncChildren);
  }

  private Effect<OperatorEvent, OperatorState> onDrain(OperatorState state, Drain cmd) {
    drainWaiters.add(cmd.replyTo());
    ActorRef<UnitActor.Drained> adapter = ctx.messageAdapter(UnitActor.Drained.class, UnitDrained::new);
    children.forEach((unit, child) -> {
      draining.add(unit);
      child.tell(new UnitActor.Drain(adapter));
    });
    finishDrainIfIdle();
    return Effect().none();
  }

  private void finishDrainIfIdle() {
    if (draining.isEmpty()) {
      drainWaiters.forEach(w -> w.tell(Done.getInstance()));
      drainWaiters.clear();
    }
  }

  // ---- reconciliation: desired state from what is observed, as events, then side effects

  /**
   * Brings the journal in line with what is observed (charm, config, units, leader, status),
   * persists the difference with {@code first}, then brings the children in line with the journal.
   */
  private Effect<OperatorEvent, OperatorState> reconcile(OperatorState state, List<OperatorEvent> first) {
    List<OperatorEvent> events = new ArrayList<>(first);
    OperatorState next = applyAll(state, events);
    if (spec != null && !gone) {
      CharmRef wanted = spec.charm();
      boolean charmCurrent = next.charm() != null && !wanted.isModifiedFrom(next.charm().ref());
      if (charmCurrent && charmOnDisk) {
        charmProblem = null;
        blockedRef = null;
      }
      if (deploying == null && !wanted.equals(blockedRef)) {
        if (!charmCurrent) {
          deploying = wanted;
          ctx.getLog().info("deploying charm {}", wanted.url());
          deployer.tell(new CharmDeployer.Deploy(wanted, charmResults));
        } else if (!charmOnDisk) {
          // The journal names this charm: make sure its files are still there before any unit runs.
          deploying = next.charm().ref();
          deployer.tell(new CharmDeployer.Ensure(next.charm(), charmResults));
        }
      }
      if (next.charm() != null) {
        List<String> problems = ConfigSettings.problems(next.charm().options(), spec.config());
        configProblem = problems.isEmpty() ? null : "config: " + String.join("; ", problems);
        if (configProblem == null
            && (next.configGeneration() == 0 || !ConfigValues.same(next.config(), spec.config()))) {
          events.add(new ConfigChanged(new LinkedHashMap<>(spec.config()), next.configGeneration() + 1, now()));
          next = next.apply(events.get(events.size() - 1));
        }
      }
    }
    if (readyForUnits(next)) {
      int before = events.size();
      events.addAll(unitEvents(next));
      next = applyAll(next, events.subList(before, events.size()));
      UnitId leader = chooseLeader(next);
      if (!java.util.Objects.equals(leader, next.leader())) {
        events.add(new LeaderElected(leader, now()));
        next = next.apply(events.get(events.size() - 1));
        ctx.getLog().info("unit {} is the leader", leader);
      }
    }
    Status status = desiredStatus(next);
    if (status != null && !status.sameAs(next.status())) {
      events.add(new ApplicationStatusChanged(status, now()));
    }
    if (events.isEmpty()) {
      syncChildren(state);
      return Effect().none();
    }
    return Effect().persist(events).thenRun(this::syncChildren);
  }

  private boolean readyForUnits(OperatorState state) {
    return spec != null && unitsListed && charmOnDisk && state.charm() != null && !gone;
  }

  private List<OperatorEvent> unitEvents(OperatorState state) {
    TreeMap<UnitId, Life> changed = new TreeMap<>();
    observed.forEach((unit, life) -> {
      if (releasing.contains(unit) || life == Life.DEAD || (life == Life.DYING && released.contains(unit))) return;
      Life known = state.units().get(unit);
      // dying is final: a unit known dying is not made alive again by a listing
      if (known == null || (known == Life.ALIVE && life == Life.DYING)) changed.put(unit, life);
    });
    return changed.isEmpty() ? List.of() : List.of(new UnitsUpdated(changed, now()));
  }

  /** Units the substrate no longer has (or reports dead) are removed; done as a side effect. */
  private List<UnitId> vanished(OperatorState state) {
    List<UnitId> gone = new ArrayList<>();
    for (UnitId unit : state.units().keySet()) {
      Life life = observed.get(unit);
      if ((life == null || life == Life.DEAD) && !releasing.contains(unit)) gone.add(unit);
    }
    return gone;
  }

  private static UnitId chooseLeader(OperatorState state) {
    if (state.leader() != null && state.units().get(state.leader()) == Life.ALIVE) return state.leader();
    return state.units().entrySet().stream()
        .filter(e -> e.getValue() == Life.ALIVE)
        .map(Map.Entry::getKey)
        .min(Comparator.naturalOrder())
        .orElse(null);
  }

  private Status desiredStatus(OperatorState state) {
    if (spec == null && specProblem == null) return null;
    Instant now = now();
    if (specProblem != null) return Status.of("blocked", specProblem, now);
    if (charmProblem != null) return Status.of("blocked", charmProblem, now);
    if (configProblem != null) return Status.of("blocked", configProblem, now);
    if (deploying != null && (state.charm() == null || spec.charm().isModifiedFrom(state.charm().ref()))) {
      return Status.of("maintenance", "Downloading charm", now);
    }
    return Status.of("active", "", now);
  }

  /** Side effects after the journal is up to date: actors for units, desired state, removals. */
  private void syncChildren(OperatorState state) {
    if (!readyForUnits(state)) return;
    if (state.charm().generation() != announcedCharm) {
      announcedCharm = state.charm().generation();
      deps.substrate().charmDeployed(state.charm());
    }
    for (Map.Entry<UnitId, Life> entry : state.units().entrySet()) syncUnit(state, entry.getKey(), entry.getValue());
    for (UnitId unit : vanished(state)) {
      ctx.getLog().info("unit {} is no longer in the substrate: removing it", unit);
      startRemoval(unit);
    }
  }

  /** One unit in line with the journal: its actor exists and knows what is wanted of it. */
  private void syncUnit(OperatorState state, UnitId unit, Life life) {
    if (releasing.contains(unit) || life == null) return;
    ActorRef<UnitActor.Command> child = children.computeIfAbsent(unit, this::spawnUnit);
    Desired desired = new Desired(life, state.charm(), state.configGeneration(), unit.equals(state.leader()),
        state.charmSettings().leaderSettingsGeneration(), spec.updateStatusInterval());
    if (!desired.equals(sent.get(unit))) {
      sent.put(unit, desired);
      child.tell(new UnitActor.Assign(desired));
    }
    Map<String, String> starts = pendingStarts.remove(unit);
    if (starts != null) starts.forEach((c, id) -> child.tell(new UnitActor.ObserveContainerStart(c, id)));
  }

  private ActorRef<UnitActor.Command> spawnUnit(UnitId unit) {
    ActorRef<UnitActor.Command> child = ctx.spawn(UnitActor.create(unit, deps.units(), unitReports), unit.tag());
    return child;
  }

  private void stopChild(UnitId unit) {
    ActorRef<UnitActor.Command> child = children.remove(unit);
    sent.remove(unit);
    if (child != null) ctx.stop(child);
    if (draining.remove(unit)) finishDrainIfIdle();
  }

  private ApplicationView view(OperatorState state) {
    return ApplicationView.of(deps.application().value(), state, views::get);
  }

  private static OperatorState applyAll(OperatorState state, List<OperatorEvent> events) {
    OperatorState s = state;
    for (OperatorEvent e : events) s = s.apply(e);
    return s;
  }

  private Instant now() {
    return deps.clock().instant();
  }

}
