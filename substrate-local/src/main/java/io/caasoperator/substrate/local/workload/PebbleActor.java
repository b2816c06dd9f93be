package io.caasoperator.substrate.local.workload;

import io.caasoperator.domain.UnitId;
import io.caasoperator.pebble.Pebble;
import io.caasoperator.pebble.services.LogEntry;
import io.caasoperator.persistence.JournalHealth;
import io.caasoperator.persistence.WorkloadEvent;
import io.caasoperator.persistence.WorkloadState;
import io.caasoperator.substrate.ContainerStarted;
import io.caasoperator.substrate.WorkloadNotice;
import io.caasoperator.substrate.local.ContainerReports;
import io.caasoperator.workload.ContainerTrouble;
import io.caasoperator.workload.ContainerTroubles;
import io.caasoperator.workload.ContainerView;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.PostStop;
import org.apache.pekko.actor.typed.PreRestart;
import org.apache.pekko.actor.typed.SupervisorStrategy;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.TimerScheduler;
import org.apache.pekko.persistence.typed.PersistenceId;
import org.apache.pekko.persistence.typed.RecoveryCompleted;
import org.apache.pekko.persistence.typed.javadsl.CommandHandler;
import org.apache.pekko.persistence.typed.javadsl.Effect;
import org.apache.pekko.persistence.typed.javadsl.EventHandler;
import org.apache.pekko.persistence.typed.javadsl.EventSourcedBehavior;
import org.apache.pekko.persistence.typed.javadsl.RetentionCriteria;
import org.apache.pekko.persistence.typed.javadsl.SignalHandler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Pebble of one unit container ({@code pebble|<app>/<n>/<container>}) on the local substrate:
 * opens it once its journal is read (layers restored, services that a killed operator left behind
 * stopped first: {@link OrphanServices}), tells the substrate when it answers on its socket (which
 * runs {@code <container>-pebble-ready}, once per boot id), journals what it reports ({@link
 * WorkloadFacts}), shows its services, checks and logs, and closes it when the actor stops (unit
 * removed, operator shut down), which stops its services.
 */
public final class PebbleActor
    extends EventSourcedBehavior<PebbleActor.Command, WorkloadEvent, WorkloadState> {

  public sealed interface Command {}

  /**
   * Replies what the container's Pebble shows now; {@code ready} false and no services until it
   * answers.
   */
  public record GetView(ActorRef<ContainerView> replyTo) implements Command {}

  /**
   * Replies the last {@code lines} output lines of {@code service} (every service when empty),
   * oldest first.
   */
  public record GetLogs(Optional<String> service, int lines, ActorRef<List<LogEntry>> replyTo)
      implements Command {}

  /** Something the Pebble reported, from whatever thread it ran on. */
  private record Reported(io.caasoperator.pebble.events.PebbleEvent event) implements Command {}

  private record OrphansReaped(List<Long> recorded, List<Long> killed) implements Command {}

  private record Opened(Pebble pebble, String bootId) implements Command {}

  private record OpenFailed(Throwable cause) implements Command {}

  private record RetryOpen() implements Command {}

  private static final Logger log = LoggerFactory.getLogger(PebbleActor.class);

  public static String persistenceId(UnitId unit, String container) {
    return "pebble|" + unit.name() + "/" + container;
  }

  /**
   * @param reports told when the Pebble answers on its socket, with its boot id as the start id,
   *     and of each custom notice and check transition it reports ({@link WorkloadNotices})
   */
  public static Behavior<Command> create(
      UnitId unit, ContainerLayout layout, PebbleDependencies deps, ContainerReports reports) {
    return Behaviors.<Command>supervise(
            Behaviors.setup(
                ctx ->
                    Behaviors.withTimers(
                        timers -> new PebbleActor(unit, layout, deps, reports, ctx, timers))))
        .onFailure(
            SupervisorStrategy.restartWithBackoff(
                Duration.ofSeconds(3), Duration.ofSeconds(3), 0.0));
  }

  private final UnitId unit;
  private final ContainerLayout layout;
  private final PebbleDependencies deps;
  private final ContainerReports reports;
  private final ActorContext<Command> ctx;
  private final TimerScheduler<Command> timers;

  /** This actor incarnation's key in {@link OpenPebbles}. */
  private final String key;

  /** The open Pebble, once it answered; not journaled (it is the running process's). */
  private Pebble pebble;

  private String bootId = "";

  /** The failed starts since the last time it answered; not journaled (this run's). */
  private OpenFailures failures = OpenFailures.NONE;

  private PebbleActor(
      UnitId unit,
      ContainerLayout layout,
      PebbleDependencies deps,
      ContainerReports reports,
      ActorContext<Command> ctx,
      TimerScheduler<Command> timers) {
    super(PersistenceId.ofUniqueId(persistenceId(unit, layout.container())));
    this.unit = unit;
    this.layout = layout;
    this.deps = deps;
    this.reports = reports;
    this.ctx = ctx;
    this.timers = timers;
    this.key = unit.name() + "/" + layout.container() + "#" + UUID.randomUUID();
  }

  @Override
  public WorkloadState emptyState() {
    return WorkloadState.EMPTY;
  }

  @Override
  public CommandHandler<Command, WorkloadEvent, WorkloadState> commandHandler() {
    return newCommandHandlerBuilder()
        .forAnyState()
        .onCommand(
            Reported.class,
            (state, cmd) -> {
              if (cmd.event()
                  instanceof io.caasoperator.pebble.events.PebbleEvent.ShutdownRequested shutdown) {
                // Pebble would exit and its pod restart; here the container just stays up (not
                // acted on)
                log.warn(
                    "{}: service {} of container {} asks for its Pebble to shut down ({}); not acted on",
                    unit,
                    shutdown.service(),
                    layout.container(),
                    shutdown.reason());
              }
              return reported(cmd);
            })
        .onCommand(OrphansReaped.class, this::onOrphansReaped)
        .onCommand(
            RetryOpen.class,
            (state, cmd) -> {
              open(state);
              return Effect().none();
            })
        .onCommand(Opened.class, this::onOpened)
        .onCommand(
            OpenFailed.class,
            (state, cmd) -> {
              openFailed(cmd.cause());
              return Effect().none();
            })
        .onCommand(
            GetView.class,
            (state, cmd) -> {
              cmd.replyTo().tell(view());
              return Effect().none();
            })
        .onCommand(
            GetLogs.class,
            (state, cmd) -> {
              cmd.replyTo().tell(logs(cmd));
              return Effect().none();
            })
        .build();
  }

  private Effect<WorkloadEvent, WorkloadState> reported(Reported cmd) {
    // the unit hears of a check transition once it is journaled here, of a notice at once
    Optional<WorkloadNotice> notice =
        WorkloadNotices.of(layout.container(), cmd.event()).map(n -> new WorkloadNotice(unit, n));
    Optional<WorkloadEvent> fact = WorkloadFacts.of(cmd.event());
    if (fact.isEmpty()) {
      notice.ifPresent(reports::noticed);
      return Effect().none();
    }
    return Effect().persist(fact.get()).thenRun(state -> notice.ifPresent(reports::noticed));
  }

  private Effect<WorkloadEvent, WorkloadState> onOrphansReaped(
      WorkloadState state, OrphansReaped reaped) {
    if (!reaped.killed().isEmpty()) {
      log.warn(
          "{}: stopped {} service process group(s) of container {} left by an operator that was killed: {}",
          unit,
          reaped.killed().size(),
          layout.container(),
          reaped.killed());
    }
    return Effect()
        .persist(new WorkloadEvent.OrphansStopped(reaped.recorded(), deps.clock().instant()))
        .thenRun(this::open);
  }

  /**
   * Shown in status at once ({@link ContainerTroubles}), logged at a falling rate ({@link
   * OpenFailures}), tried again with backoff.
   */
  private void openFailed(Throwable cause) {
    String reason = cause.getMessage() == null ? cause.toString() : cause.getMessage();
    OpenFailures before = failures;
    failures = before.failed(reason, deps.clock().instant());
    Duration delay = failures.delay(deps.reopen());
    troubles()
        .failed(
            new ContainerTrouble(
                unit, layout.container(), reason, failures.since(), failures.attempts()));
    if (failures.worthLogging(before)) {
      // warn: a unit whose container never starts never runs <container>-pebble-ready
      log.warn(
          "{}: the Pebble of container {} cannot start ({}); {} so far, trying again in {}"
              + " (status shows it; logged again at 2, 4, 8, ... failures or a new reason)",
          unit,
          layout.container(),
          reason,
          failures.attempts() == 1 ? "1 failure" : failures.attempts() + " failures",
          io.caasoperator.domain.DurationText.format(delay));
    }
    timers.startSingleTimer(new RetryOpen(), delay);
  }

  private Effect<WorkloadEvent, WorkloadState> onOpened(WorkloadState state, Opened opened) {
    if (!deps.open().register(key, opened.pebble())) return Effect().none();
    pebble = opened.pebble();
    bootId = opened.bootId();
    if (failures.attempts() > 0) {
      log.info(
          "{}: the Pebble of container {} started after {} failed attempt(s)",
          unit,
          layout.container(),
          failures.attempts());
    }
    failures = OpenFailures.NONE;
    troubles().cleared(unit, layout.container());
    log.info(
        "{}: Pebble of container {} answers on {} (boot id {})",
        unit,
        layout.container(),
        layout.socket(),
        bootId);
    reports.answered(new ContainerStarted(unit, layout.container(), bootId));
    return Effect().none();
  }

  private void open(WorkloadState state) {
    List<WorkloadEvent.LayerAdded> layers = state.layers();
    ActorRef<Command> self = ctx.getSelf();
    CompletableFuture<Opened> opening =
        CompletableFuture.supplyAsync(
            () -> {
              Pebble opened = null;
              try {
                opened =
                    deps.opener().open(layout, event -> self.tell(new Reported(event)), layers);
                return new Opened(opened, PebbleProbe.bootId(layout.socket()));
              } catch (java.io.IOException e) {
                if (opened != null) opened.close();
                throw new java.io.UncheckedIOException(e);
              }
            },
            deps.blocking());
    ctx.pipeToSelf(
        opening,
        (done, error) ->
            done != null
                ? done
                : new OpenFailed(
                    error instanceof java.util.concurrent.CompletionException c
                            && c.getCause() != null
                        ? (c.getCause() instanceof java.io.UncheckedIOException u
                            ? u.getCause()
                            : c.getCause())
                        : error));
  }

  private ContainerView view() {
    String socket = layout.socket().toString();
    if (pebble == null)
      return new ContainerView(
          layout.container(), false, "", List.of(), List.of(), socket, failures.reason());
    return new ContainerView(
        layout.container(),
        true,
        bootId,
        pebble.services().services(pebble.plan(), Set.of()),
        pebble.checks(),
        socket,
        "");
  }

  private List<LogEntry> logs(GetLogs request) {
    if (pebble == null) return List.of();
    List<String> names =
        request
            .service()
            .map(List::of)
            .orElseGet(() -> List.copyOf(pebble.plan().services().keySet()));
    return pebble.services().logs(names, request.lines());
  }

  @Override
  public EventHandler<WorkloadState, WorkloadEvent> eventHandler() {
    return newEventHandlerBuilder().forAnyState().onAnyEvent(WorkloadState::apply);
  }

  @Override
  public SignalHandler<WorkloadState> signalHandler() {
    return newSignalHandlerBuilder()
        .onSignal(RecoveryCompleted.instance(), this::onRecovered)
        .onSignal(
            org.apache.pekko.persistence.typed.JournalPersistFailed.class,
            (state, failed) ->
                health().writeFailed(persistenceId(unit, layout.container()), failed.getFailure()))
        .onSignal(
            org.apache.pekko.persistence.typed.RecoveryFailed.class,
            (state, failed) ->
                health()
                    .recoveryFailed(persistenceId(unit, layout.container()), failed.getFailure()))
        .onSignal(PreRestart.instance(), state -> close())
        .onSignal(
            PostStop.instance(),
            state -> {
              close();
              troubles().cleared(unit, layout.container());
              health().stopped(persistenceId(unit, layout.container()));
            })
        .build();
  }

  private void onRecovered(WorkloadState state) {
    health().recovered(persistenceId(unit, layout.container()));
    if (state.running().isEmpty()) {
      open(state);
      return;
    }
    List<Long> recorded = List.copyOf(state.running().values());
    ctx.pipeToSelf(
        CompletableFuture.supplyAsync(() -> OrphanServices.stop(recorded), deps.blocking()),
        (killed, error) -> new OrphansReaped(recorded, killed == null ? List.of() : killed));
  }

  /** Hands the Pebble over to be closed off this thread (its services stopping take seconds). */
  private void close() {
    deps.open().close(key);
    pebble = null;
  }

  private ContainerTroubles troubles() {
    return ContainerTroubles.get(ctx.getSystem());
  }

  private JournalHealth health() {
    return JournalHealth.get(ctx.getSystem());
  }

  @Override
  public Set<String> tagsFor(WorkloadEvent event) {
    return Set.of("app:" + unit.application().value());
  }

  @Override
  public RetentionCriteria retentionCriteria() {
    return RetentionCriteria.snapshotEvery(100, 2);
  }
}
