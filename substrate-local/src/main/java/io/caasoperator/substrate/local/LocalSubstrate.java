package io.caasoperator.substrate.local;

import io.caasoperator.domain.ApplicationName;
import io.caasoperator.domain.CharmInfo;
import io.caasoperator.domain.Life;
import io.caasoperator.domain.UnitAddresses;
import io.caasoperator.domain.UnitId;
import io.caasoperator.hook.HookExecutor;
import io.caasoperator.hook.LocalProcessExecutor;
import io.caasoperator.substrate.ApplicationObservation;
import io.caasoperator.substrate.ApplicationSource;
import io.caasoperator.substrate.ContainerStartSource;
import io.caasoperator.substrate.ContainerStarted;
import io.caasoperator.substrate.StorageLayout;
import io.caasoperator.substrate.Substrate;
import io.caasoperator.substrate.UnitObservation;
import io.caasoperator.substrate.UnitRemover;
import io.caasoperator.substrate.UnitSource;
import io.caasoperator.substrate.UnitsObserved;
import io.caasoperator.substrate.Watch;
import io.caasoperator.substrate.WatchSink;
import io.caasoperator.substrate.WorkloadNotice;
import io.caasoperator.substrate.WorkloadNoticeSource;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The embedded default substrate: the application is a YAML file ({@link SpecFile}), its units are
 * {@code <app>/0 … <app>/<scale-1>}, and a unit's "pod" is its directory {@code
 * agentsDir/unit-<app>-<n>}. A unit beyond the scale whose directory still exists is dying; it is
 * gone once the operator has run its remove hook, deleted the directory and called {@link
 * UnitRemover#release}. Containers "start" as soon as a charm is deployed, since nothing provisions
 * them here, and start again when a unit gets a new pod ({@link LocalPods}).
 *
 * <p>The file is polled by content rather than watched for events: editors that save by writing a
 * new file and renaming it over the old one break inotify watches, and polling a small file every
 * quarter second costs nothing. A change is acted on only once it has held still for a quiet period
 * ({@link QuietPeriod}), so a write in progress never is, and the file is looked at in a way no
 * file can block ({@link SpecFileReader}). One daemon thread does the polling and every delivery,
 * and owns all mutable state below, so no lock is ever held while a sink is called; other threads
 * (release, charmDeployed, new watches) hand their work to that thread.
 */
public final class LocalSubstrate implements Substrate {

  private static final Logger log = LoggerFactory.getLogger(LocalSubstrate.class);

  private final Path specFile;
  private final SpecParser parser;

  /**
   * The file no longer holds the application, or the model removed it ({@link SpecParser#removed}):
   * its units are listed at scale 0 until they are gone, whatever the file does meanwhile. Confined
   * to the scheduler thread.
   */
  private boolean removed;

  /** The removed application, known by its parser when no specification was read since start. */
  private ApplicationName removedApplication;

  private final Path agentsDir;
  private final LocalProcessExecutor executor;

  /** {@link #executor}, making storage directories before storage-attached hooks. */
  private final HookExecutor hooks;

  private final Clock clock;
  private final ScheduledExecutorService scheduler;

  /** The scheduler's only thread; a call already on it must not wait for itself. */
  private volatile Thread pollingThread;

  private final List<Subscriber<ApplicationObservation>> applicationWatches =
      new CopyOnWriteArrayList<>();
  private final List<Subscriber<UnitsObserved>> unitWatches = new CopyOnWriteArrayList<>();
  private final List<Subscriber<ContainerStarted>> containerWatches = new CopyOnWriteArrayList<>();
  private final List<Subscriber<WorkloadNotice>> noticeWatches = new CopyOnWriteArrayList<>();

  /** What the pods' containers report to this substrate ({@link LocalWorkloads}). */
  private final ContainerReports reports =
      new ContainerReports() {
        @Override
        public void answered(ContainerStarted start) {
          LocalSubstrate.this.answered(start);
        }

        @Override
        public void noticed(WorkloadNotice notice) {
          LocalSubstrate.this.noticed(notice);
        }
      };

  private final UnitRemover remover =
      new UnitRemover() {
        @Override
        public void release(UnitId unit) throws Exception {
          onSchedulerAndWait(() -> released(unit));
        }

        @Override
        public void stopWorkloads(UnitId unit) throws Exception {
          if (workloads == null) return;
          onSchedulerAndWait(() -> answeredStarts.remove(unit));
          workloads.podGone(unit).toCompletableFuture().get();
        }
      };

  /**
   * Runs the pods' containers (a Pebble each); null when containers start as soon as a pod exists.
   */
  private final LocalWorkloads workloads;

  /** With {@link #workloads}: the containers whose Pebble answered, by unit, with its boot id. */
  private final Map<UnitId, Map<String, String>> answeredStarts = new HashMap<>();

  private final QuietPeriod quietPeriod;

  // Confined to the scheduler thread.
  private boolean polledOnce;

  /** What the last look at the file acted on, and the change that is settling. */
  private QuietPeriod.Tracking tracking = QuietPeriod.Tracking.initial();

  /** The extra look due when a settling change has held still long enough; null when none is. */
  private ScheduledFuture<?> settledCheck;

  private Instant settledCheckAt;

  /** The latest observation: what a new application watch is told first. */
  private ApplicationObservation current;

  /** The last valid specification; an invalid edit leaves it in force. */
  private LocalSpec good;

  private Instant goodSince;

  /** The last listing sent; null until the specification was read validly once. */
  private List<UnitObservation> units;

  /** Containers of the deployed charm; null until the operator deployed one. */
  private List<String> containers;

  /** Each listed unit's pod, whose container starts are announced once. */
  private final LocalPods pods = new LocalPods();

  /**
   * A substrate of the application that {@code parser} reads out of {@code specFile}: the one of a
   * specification file ({@link SpecParser#SPEC_FILE}), or one application of a bundle ({@link
   * BundleEntry}). When the file no longer holds the application, its units are scaled to zero
   * (they run stop and remove) and, once none is left, the application is reported gone.
   *
   * @param specFile the application specification; polled, may be replaced or edited at any time
   * @param parser reads the application out of the file
   * @param agentsDir where the operator keeps unit directories; a directory there stands for a
   *     unit's pod
   * @param executor runs the hooks; this substrate only hands it out and does not stop it (the
   *     operator reaps its processes with {@link LocalProcessExecutor#killAll()})
   * @param pollInterval how often the file is read (the operator passes 250 ms)
   * @param quietPeriod how long a change of the file must hold still before it is acted on, so that
   *     a write in progress never is (see {@link QuietPeriod}); zero acts at once
   * @param clock measures the quiet period, and stamps when the specification in force was read for
   *     the log of invalid edits
   * @param workloads runs each pod's containers (a Pebble per container), whose containers count as
   *     started only once their Pebble answers; null for containers that "start" at once
   */
  public LocalSubstrate(
      Path specFile,
      SpecParser parser,
      Path agentsDir,
      LocalProcessExecutor executor,
      Duration pollInterval,
      Duration quietPeriod,
      Clock clock,
      LocalWorkloads workloads) {
    this.workloads = workloads;
    if (parser == null) throw new IllegalArgumentException("spec parser is missing");
    this.parser = parser;
    if (specFile == null) throw new IllegalArgumentException("spec file is missing");
    if (agentsDir == null) throw new IllegalArgumentException("agents directory is missing");
    if (executor == null) throw new IllegalArgumentException("hook executor is missing");
    if (pollInterval == null || pollInterval.isZero() || pollInterval.isNegative()) {
      throw new IllegalArgumentException("poll interval must be positive, got " + pollInterval);
    }
    if (quietPeriod == null || quietPeriod.isNegative()) {
      throw new IllegalArgumentException("quiet period must be >= 0, got " + quietPeriod);
    }
    if (clock == null) throw new IllegalArgumentException("clock is missing");
    this.quietPeriod = new QuietPeriod(quietPeriod);
    this.specFile = specFile;
    this.agentsDir = agentsDir;
    this.executor = executor;
    this.hooks = new LocalStorageDirectories(executor, agentsDir);
    this.clock = clock;
    this.scheduler =
        Executors.newSingleThreadScheduledExecutor(
            task -> {
              Thread thread = new Thread(task, "local-substrate-" + specFile.getFileName());
              thread.setDaemon(true);
              pollingThread = thread;
              return thread;
            });
    scheduler.scheduleWithFixedDelay(
        this::pollSafely, 0, pollInterval.toNanos(), TimeUnit.NANOSECONDS);
    this.fileEvents =
        SpecFileEvents.start(
            specFile,
            () -> {
              if (!scheduler.isShutdown()) scheduler.execute(this::pollSafely);
            });
  }

  /** Reads the file as soon as the kernel reports a change; polling remains the safety net. */
  private final SpecFileEvents fileEvents;

  @Override
  public String name() {
    return "local";
  }

  @Override
  public ApplicationSource applicationSource() {
    return sink -> subscribe(applicationWatches, sink, this::greetApplicationWatch);
  }

  @Override
  public UnitSource unitSource() {
    return sink -> subscribe(unitWatches, sink, this::greetUnitWatch);
  }

  @Override
  public ContainerStartSource containerStartSource() {
    return sink -> subscribe(containerWatches, sink, this::greetContainerWatch);
  }

  /** Notices are occurrences: a new watch hears of those after it, none before. */
  @Override
  public WorkloadNoticeSource workloadNoticeSource() {
    return sink -> subscribe(noticeWatches, sink, subscriber -> {});
  }

  @Override
  public UnitRemover unitRemover() {
    return remover;
  }

  @Override
  public HookExecutor hookExecutor() {
    return hooks;
  }

  /**
   * What {@link #hookExecutor} is, without a substrate: the hook runner a model's applications
   * share (each application's substrate would hand out an equal one).
   */
  public static HookExecutor hooks(LocalProcessExecutor executor, Path agentsDir) {
    return new LocalStorageDirectories(executor, agentsDir);
  }

  /**
   * Every unit lives on this machine, where its peers reach it at 127.0.0.1 (the loopback
   * interface, 127.0.0.0/8): its private, public, bind and ingress address; egress 127.0.0.1/32.
   * The same for every unit, and true for everything that runs on this machine.
   */
  public static final UnitAddresses LOOPBACK =
      new UnitAddresses(
          List.of(
              new UnitAddresses.NetworkInterface(
                  "lo", "", List.of(new UnitAddresses.Address("127.0.0.1", "127.0.0.0/8")))),
          List.of("127.0.0.1"),
          List.of("127.0.0.1/32"),
          "127.0.0.1",
          "127.0.0.1");

  @Override
  public UnitAddresses.Source addresses() {
    return unit -> LOOPBACK;
  }

  /**
   * A directory per unit and storage instance: {@code agents/unit-<app>-<n>/storage/<name>-<i>/}
   * (made by {@link LocalStorageDirectories} before the instance's storage-attached hook). A
   * location the charm declares ({@code /srv/data}) is not used: nothing mounts here.
   */
  @Override
  public StorageLayout storageLayout() {
    return (unit, id, spec) ->
        agentsDir
            .resolve(unit.tag())
            .resolve("storage")
            .resolve(id.replace('/', '-'))
            .toAbsolutePath()
            .toString();
  }

  @Override
  public void charmDeployed(CharmInfo charm) {
    onScheduler(
        () -> {
          if (charm.containers().equals(containers)) return;
          containers = charm.containers();
          // A new charm may bring new containers: announce every pod again with its start id
          // (the same ids: containers already started do not start again).
          announceAllStarts(containerWatches);
        });
  }

  /** Stops polling and all callbacks; running hooks are the executor's business. */
  @Override
  public void close() {
    fileEvents.close();
    scheduler.shutdownNow();
    for (var watches : List.of(applicationWatches, unitWatches, containerWatches)) {
      watches.forEach(Watch::close);
    }
  }

  /** Reads the file now and waits until every resulting callback returned (for tests). */
  void pollNow() throws Exception {
    onSchedulerAndWait(this::poll);
  }

  // ---- watches -------------------------------------------------------------------------------

  private <T> Watch subscribe(
      List<Subscriber<T>> watches,
      WatchSink<T> sink,
      java.util.function.Consumer<Subscriber<T>> greeting) {
    Subscriber<T> subscriber = new Subscriber<>(sink, watches::remove);
    try {
      scheduler.execute(
          () -> {
            if (!subscriber.isOpen()) return;
            watches.add(subscriber);
            if (!polledOnce) poll();
            greeting.accept(subscriber);
          });
    } catch (RejectedExecutionException e) {
      sink.failed(new IllegalStateException("the local substrate is closed"));
    }
    return subscriber;
  }

  /** A new (or restarted) watcher learns where things stand, the last good spec first. */
  private void greetApplicationWatch(Subscriber<ApplicationObservation> subscriber) {
    boolean notSpecified =
        current instanceof ApplicationObservation.Invalid
            || current instanceof ApplicationObservation.Removed;
    if (notSpecified && good != null) {
      subscriber.deliver(new ApplicationObservation.Specified(good.specification()));
    }
    if (current != null) subscriber.deliver(current);
  }

  private void greetUnitWatch(Subscriber<UnitsObserved> subscriber) {
    if (!refreshUnits() && units != null) subscriber.deliver(new UnitsObserved(units, true));
  }

  private void greetContainerWatch(Subscriber<ContainerStarted> subscriber) {
    announceAllStarts(List.of(subscriber));
  }

  // ---- the specification ---------------------------------------------------------------------

  private void pollSafely() {
    try {
      poll();
    } catch (RuntimeException e) {
      // Never let one bad poll end the schedule: the next one may succeed.
      log.error("polling {} failed", specFile, e);
    }
  }

  /**
   * Looks at the file and acts on what it holds once that has held still for the quiet period;
   * until then a look is scheduled for when it may have (the regular polls and file events look
   * too, and any change starts the period afresh).
   */
  private void poll() {
    polledOnce = true;
    SpecFileRead seen = SpecFileReader.read(specFile);
    QuietPeriod.Decision decision = quietPeriod.observe(tracking, seen, clock.instant());
    tracking = decision.tracking();
    switch (decision) {
      case QuietPeriod.Decision.Unchanged unchanged -> cancelSettledCheck();
      case QuietPeriod.Decision.Wait wait -> scheduleSettledCheck(wait.until());
      case QuietPeriod.Decision.Act act -> {
        cancelSettledCheck();
        actOn(seen);
      }
    }
  }

  private void actOn(SpecFileRead seen) {
    // removed by the model: torn down whatever the file says now (the name listed again waits)
    if (parser.removed()) {
      applicationRemoved();
      return;
    }
    switch (seen) {
      case SpecFileRead.Missing missing -> fileMissing();
      case SpecFileRead.Refused refused -> rejected(refused.problem());
      case SpecFileRead.Content content -> parsed(content.bytes());
    }
  }

  private void parsed(byte[] content) {
    LocalSpec spec;
    try {
      Optional<LocalSpec> read = parser.parse(specFile, content);
      if (read.isEmpty()) {
        applicationRemoved();
        return;
      }
      spec = read.get();
    } catch (InvalidSpecException e) {
      rejected(e.getMessage());
      return;
    }
    removed = false;
    ApplicationName running = good == null ? null : good.specification().application();
    ApplicationName wanted = spec.specification().application();
    if (running != null && !running.equals(wanted)) {
      rejected(
          "spec "
              + specFile
              + ": application name cannot change from "
              + running
              + " to "
              + wanted);
      return;
    }
    accepted(spec);
  }

  private void scheduleSettledCheck(Instant at) {
    if (settledCheck != null && !settledCheck.isDone() && at.equals(settledCheckAt)) return;
    cancelSettledCheck();
    // The clock says when; the scheduler can only wait in real time. With a clock that a test
    // moves by hand the check comes early, finds the change still settling, and schedules again.
    long delay = Math.max(0, Duration.between(clock.instant(), at).toNanos());
    try {
      settledCheck = scheduler.schedule(this::pollSafely, delay, TimeUnit.NANOSECONDS);
      settledCheckAt = at;
    } catch (RejectedExecutionException e) {
      log.debug("the local substrate is closed; no settled check");
    }
  }

  private void cancelSettledCheck() {
    if (settledCheck != null) settledCheck.cancel(false);
    settledCheck = null;
    settledCheckAt = null;
  }

  /**
   * The file no longer names the application, or the model removed it: its units are scaled to
   * zero, so each runs stop and remove, and the application is gone once none is left ({@link
   * #goneOnceEmpty}). The operator is told it is removed, so that one started since (after a crash)
   * tears it down with the charm and config it recorded. Known by its name alone when no
   * specification was read since start (its parser's), else by that.
   */
  private void applicationRemoved() {
    Optional<ApplicationName> application =
        good != null ? Optional.of(good.specification().application()) : parser.knownApplication();
    if (application.isEmpty()) {
      if (current instanceof ApplicationObservation.NotFound) return;
      publish(
          applicationWatches,
          current =
              new ApplicationObservation.NotFound(specFile + " does not hold the application"));
      return;
    }
    if (!removed) {
      log.info(
          "{} no longer holds {}: its units stop and are removed", specFile, application.get());
    }
    removed = true;
    removedApplication = application.get();
    if (!(current instanceof ApplicationObservation.Removed
        || current instanceof ApplicationObservation.NotFound)) {
      String reason = "application " + removedApplication + " was removed from " + specFile;
      publish(applicationWatches, current = new ApplicationObservation.Removed(reason));
    }
    refreshUnits();
    goneOnceEmpty();
  }

  /** A removed application whose last unit is gone is reported gone, once. */
  private void goneOnceEmpty() {
    if (!removed || units == null || !units.isEmpty()) return;
    if (current instanceof ApplicationObservation.NotFound) return;
    String reason = "application " + removedApplication + " was removed from " + specFile;
    publish(applicationWatches, current = new ApplicationObservation.NotFound(reason));
  }

  /**
   * The file cannot be used while the application is being removed: the removal goes on (a removed
   * application's units are torn down whatever the file does); true if so.
   */
  private boolean removalGoesOn(String problem) {
    if (!removed) return false;
    log.warn("{}; the removal of {} goes on", problem, removedApplication);
    return true;
  }

  private void fileMissing() {
    if (removalGoesOn(specFile + ": no such file")) return;
    if (current instanceof ApplicationObservation.NotFound) return;
    String reason =
        current == null
            ? "specification file " + specFile + " does not exist"
            : "specification file " + specFile + " was removed";
    log.info(reason);
    publish(applicationWatches, current = new ApplicationObservation.NotFound(reason));
  }

  private void rejected(String problem) {
    if (removalGoesOn(problem)) return;
    log.warn(
        "{}{}", problem, good == null ? "" : "; keeping the specification read at " + goodSince);
    publish(applicationWatches, current = new ApplicationObservation.Invalid(problem));
  }

  private void accepted(LocalSpec spec) {
    boolean sameSpecification =
        current instanceof ApplicationObservation.Specified specified
            && specified.specification().equals(spec.specification());
    good = spec;
    goodSince = clock.instant();
    if (!sameSpecification) {
      current = new ApplicationObservation.Specified(spec.specification());
      publish(applicationWatches, current);
    }
    refreshUnits();
  }

  // ---- units ---------------------------------------------------------------------------------

  /** Lists the units again and tells every unit watch when anything changed; true if it did. */
  private boolean refreshUnits() {
    if (good == null && !removed) return false;
    List<UnitObservation> listing =
        removed
            ? listUnits(removedApplication, 0)
            : listUnits(good.specification().application(), good.scale());
    if (listing.equals(units)) return false;
    units = listing;
    pods.keepOnly(listing.stream().map(UnitObservation::unit).collect(Collectors.toSet()))
        .forEach(this::podGone);
    publish(unitWatches, new UnitsObserved(listing, true));
    announceNewStarts();
    return true;
  }

  /**
   * The operator deleted the unit's directory and released it: its pod is gone. A unit that is
   * alive (it was scaled down and up again while it was dying) gets a new pod, whose containers
   * start again.
   */
  private void released(UnitId unit) {
    pods.gone(unit);
    podGone(unit);
    if (!refreshUnits()) announceNewStarts();
    goneOnceEmpty();
  }

  private List<UnitObservation> listUnits(ApplicationName application, int scale) {
    List<UnitObservation> listing = new ArrayList<>();
    for (int n = 0; n < scale; n++) {
      listing.add(new UnitObservation(new UnitId(application, n), Life.ALIVE));
    }
    String prefix = "unit-" + application + "-";
    try (DirectoryStream<Path> dirs = Files.newDirectoryStream(agentsDir, prefix + "*")) {
      for (Path dir : dirs) {
        String number = dir.getFileName().toString().substring(prefix.length());
        if (number.isEmpty()
            || number.length() > 9
            || !number.chars().allMatch(Character::isDigit)
            || !Files.isDirectory(dir)) {
          continue;
        }
        int ordinal = Integer.parseInt(number);
        if (ordinal >= scale) {
          listing.add(new UnitObservation(new UnitId(application, ordinal), Life.DYING));
        }
      }
    } catch (NoSuchFileException e) {
      // No unit directory yet: no dying unit either.
    } catch (IOException e) {
      log.warn("cannot list unit directories in {}: {}", agentsDir, e.toString());
    }
    listing.sort(Comparator.comparing(UnitObservation::unit));
    return List.copyOf(listing);
  }

  // ---- containers ----------------------------------------------------------------------------

  /**
   * Tells every container watch about alive units without a pod: each gets one, and its containers
   * start. A unit keeps its pod while it is dying, so one scaled down and up again before it is
   * gone is not announced twice (its next pod is, once it has been released).
   */
  private void announceNewStarts() {
    if (containers == null || units == null) return;
    for (UnitId unit : aliveUnits()) {
      if (pods.has(unit)) continue;
      String startId = pods.make(unit);
      if (workloads == null) {
        announce(containerWatches, unit, startId);
      } else {
        workloads.podMade(
            unit, agentsDir.resolve(unit.tag()).toAbsolutePath(), containers, reports);
      }
    }
  }

  /** A container's Pebble answered: it started, its boot id the start id. */
  private void answered(ContainerStarted start) {
    onScheduler(
        () -> {
          if (!pods.has(start.unit())) return; // its pod went meanwhile
          answeredStarts
              .computeIfAbsent(start.unit(), u -> new java.util.TreeMap<>())
              .put(start.container(), start.startId());
          publish(containerWatches, start);
        });
  }

  /** A container's workload reported a notice or a check transition; its pod's unit hears of it. */
  private void noticed(WorkloadNotice notice) {
    onScheduler(
        () -> {
          if (!pods.has(notice.unit())) return; // its pod went meanwhile
          publish(noticeWatches, notice);
        });
  }

  private void podGone(UnitId unit) {
    if (workloads == null) return;
    answeredStarts.remove(unit);
    workloads.podGone(unit);
  }

  /** Tells {@code targets} every alive unit's container starts: a new watch re-lists them. */
  private void announceAllStarts(List<Subscriber<ContainerStarted>> targets) {
    if (containers == null || units == null) return;
    if (workloads != null) {
      // pods get (more) Pebbles; only containers whose Pebble answered have started
      for (UnitId unit : aliveUnits()) {
        if (!pods.has(unit)) pods.make(unit);
        workloads.podMade(
            unit, agentsDir.resolve(unit.tag()).toAbsolutePath(), containers, reports);
        answeredStarts
            .getOrDefault(unit, Map.of())
            .forEach(
                (container, bootId) ->
                    publish(targets, new ContainerStarted(unit, container, bootId)));
      }
      return;
    }
    for (UnitId unit : aliveUnits()) {
      announce(targets, unit, pods.startId(unit).orElseGet(() -> pods.make(unit)));
    }
  }

  private void announce(List<Subscriber<ContainerStarted>> targets, UnitId unit, String startId) {
    for (String container : containers) {
      publish(targets, new ContainerStarted(unit, container, startId));
    }
  }

  private Set<UnitId> aliveUnits() {
    Set<UnitId> alive = new java.util.LinkedHashSet<>();
    for (UnitObservation observation : units) {
      if (observation.life() == Life.ALIVE) alive.add(observation.unit());
    }
    return alive;
  }

  // ---- plumbing ------------------------------------------------------------------------------

  private static <T> void publish(List<Subscriber<T>> targets, T observation) {
    for (Subscriber<T> target : targets) target.deliver(observation);
  }

  private void onScheduler(Runnable task) {
    try {
      scheduler.execute(task);
    } catch (RejectedExecutionException e) {
      log.debug("the local substrate is closed; ignoring a late call");
    }
  }

  /** Runs {@code task} on the polling thread and waits; runs it directly when already there. */
  private void onSchedulerAndWait(Runnable task) throws InterruptedException, ExecutionException {
    if (Thread.currentThread() == pollingThread) {
      task.run();
      return;
    }
    try {
      scheduler.submit(task).get();
    } catch (RejectedExecutionException e) {
      log.debug("the local substrate is closed; ignoring a late call");
    }
  }
}
