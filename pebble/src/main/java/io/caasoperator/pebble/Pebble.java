package io.caasoperator.pebble;

import io.caasoperator.pebble.changes.Change;
import io.caasoperator.pebble.changes.Changes;
import io.caasoperator.pebble.changes.PlannedTask;
import io.caasoperator.pebble.changes.TaskFailure;
import io.caasoperator.pebble.checks.CheckHealth;
import io.caasoperator.pebble.checks.CheckManager;
import io.caasoperator.pebble.checks.DefaultChecker;
import io.caasoperator.pebble.events.PebbleEvent;
import io.caasoperator.pebble.exec.ExecManager;
import io.caasoperator.pebble.files.FileService;
import io.caasoperator.pebble.notices.Notices;
import io.caasoperator.pebble.plan.Layer;
import io.caasoperator.pebble.plan.LayerParser;
import io.caasoperator.pebble.plan.Plan;
import io.caasoperator.pebble.plan.PlanFormatException;
import io.caasoperator.pebble.plan.PlanLayers;
import io.caasoperator.pebble.plan.ServiceSpec;
import io.caasoperator.pebble.process.ProcessEnvironment;
import io.caasoperator.pebble.services.ServiceDependencies;
import io.caasoperator.pebble.services.ServiceManager;
import io.caasoperator.pebble.services.StartStopOutcome;
import io.caasoperator.pebble.timers.SystemTimers;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A Pebble-compatible service manager for one (unit, container): what the API of canonical/pebble
 * serves, as ops calls it, over services (real processes), files, commands, checks and notices of
 * that container. Construct, {@link #restore} journaled layers if any, then serve it on its Unix
 * socket ({@code api.PebbleServer.serve}); {@link #close} stops that server, then every service.
 * The API depends on this class, never the other way round.
 */
public final class Pebble implements AutoCloseable {
  private final PebbleOptions options;
  private final String bootId = UUID.randomUUID().toString();
  private final ExecutorService tasks = Executors.newVirtualThreadPerTaskExecutor();
  private final Changes changes;
  private final ServiceManager services;
  private final CheckManager checks;
  private final FileService files;
  private final ExecManager exec;
  private final Notices notices;
  private final List<Runnable> servers = new CopyOnWriteArrayList<>();
  private volatile Plan plan = Plan.EMPTY;

  public Pebble(PebbleOptions options) {
    this.options = options;
    ProcessEnvironment environment =
        new ProcessEnvironment(options.environment(), options.paths(), options.users());
    this.changes = new Changes(options.clock(), tasks);
    this.services =
        new ServiceManager(
            new ServiceDependencies(
                options.launcher(),
                environment,
                options.timers(),
                options.clock(),
                options.listener(),
                () -> ThreadLocalRandom.current().nextDouble()));
    this.checks =
        new CheckManager(
            new DefaultChecker(options.launcher(), environment, this::plan),
            options.timers(),
            options.clock(),
            options.listener(),
            services::checkFailed);
    this.files = new FileService(options.paths(), options.users());
    this.exec = new ExecManager(changes, options.launcher(), environment);
    this.notices = new Notices(options.clock(), options.listener());
  }

  /** Where this Pebble's API listens. */
  public Path socketPath() {
    return options.socketPath();
  }

  /**
   * Runs {@code stop} first when this Pebble closes, before its checks and services stop: what
   * serves the API registers itself here, so that no call arrives at stopped services.
   */
  public void servedBy(Runnable stop) {
    servers.add(stop);
  }

  /**
   * Rebuilds the plan from journaled layer records, in their order, without reporting them again.
   * Services are not started: the operator decides (ops charms replan on {@code pebble-ready}).
   *
   * @throws IllegalArgumentException when a record no longer parses or combines
   */
  public synchronized void restore(List<PebbleEvent.LayerAdded> layers) {
    Plan next = Plan.EMPTY;
    for (PebbleEvent.LayerAdded record : layers) {
      try {
        Layer layer = LayerParser.parse(0, record.label(), record.yaml());
        next = PlanLayers.add(next, layer, record.combine());
      } catch (PlanFormatException e) {
        throw new IllegalArgumentException(
            "cannot restore layer \"" + record.label() + "\": " + e.getMessage(), e);
      }
    }
    plan = next;
    checks.update(next);
  }

  /** Stops every service (SIGTERM, kill-delay, SIGKILL to its group) and closes the socket. */
  @Override
  public void close() {
    servers.forEach(Runnable::run);
    checks.close();
    services.close();
    tasks.shutdownNow();
    if (options.timers() instanceof SystemTimers t) {
      t.close();
    }
  }

  // ---- what the API serves ----

  public String version() {
    return options.version();
  }

  public String bootId() {
    return bootId;
  }

  public java.time.Clock clock() {
    return options.clock();
  }

  public Plan plan() {
    return plan;
  }

  /**
   * {@code POST /v1/layers}: parses, adds or combines, reports {@link PebbleEvent.LayerAdded}.
   *
   * @throws PlanFormatException "cannot parse layer YAML: ..." for a bad layer, or why the plan
   *     would be invalid
   */
  public void addLayer(String label, boolean combine, String yaml) throws PlanFormatException {
    synchronized (this) {
      Layer layer;
      try {
        layer = LayerParser.parse(0, label, yaml);
      } catch (PlanFormatException e) {
        throw new PlanFormatException("cannot parse layer YAML: " + e.getMessage());
      }
      plan = PlanLayers.add(plan, layer, combine);
      checks.update(plan);
    }
    options
        .listener()
        .on(new PebbleEvent.LayerAdded(options.clock().instant(), label, combine, yaml));
  }

  /** What {@link #serviceChange} needs to know about a service action. */
  public record ServiceLanes(
      List<List<String>> stop, List<List<String>> start, List<String> names) {}

  /**
   * Makes the change of a services action (api_services.go {@code v1PostServices}): stop tasks lane
   * by lane, start tasks after all stops, each task waiting for the one before it in its lane.
   */
  public Change serviceChange(String action, ServiceLanes lanes) {
    List<PlannedTask> planned = new ArrayList<>();
    List<Integer> stops = new ArrayList<>();
    for (List<String> lane : lanes.stop()) {
      for (int i = 0; i < lane.size(); i++) {
        String name = lane.get(i);
        List<Integer> wait = i == 0 ? List.of() : List.of(planned.size() - 1);
        stops.add(planned.size());
        planned.add(
            new PlannedTask(
                "stop",
                "Stop service \"" + name + "\"",
                wait,
                task -> outcome(task, services.stop(name))));
      }
    }
    for (List<String> lane : lanes.start()) {
      for (int i = 0; i < lane.size(); i++) {
        String name = lane.get(i);
        List<Integer> wait = new ArrayList<>(stops);
        if (i > 0) {
          wait.add(planned.size() - 1);
        }
        planned.add(
            new PlannedTask(
                "start",
                "Start service \"" + name + "\"",
                wait,
                task -> {
                  ServiceSpec config = plan.services().get(name);
                  if (config == null) {
                    throw new TaskFailure("cannot find service \"" + name + "\" in plan");
                  }
                  outcome(task, services.start(config));
                }));
      }
    }
    String title = Character.toUpperCase(action.charAt(0)) + action.substring(1);
    List<String> names = lanes.names();
    String summary =
        planned.isEmpty()
            ? title + " - no services"
            : names.size() == 1
                ? title + " service \"" + names.get(0) + "\""
                : title + " service \"" + names.get(0) + "\" and " + (names.size() - 1) + " more";
    return changes.submit(
        action, summary, names.isEmpty() ? Map.of() : Map.of("service-names", names), planned);
  }

  private static void outcome(
      io.caasoperator.pebble.changes.TaskContext task,
      java.util.concurrent.CompletableFuture<StartStopOutcome> pending)
      throws TaskFailure, InterruptedException {
    StartStopOutcome outcome;
    try {
      outcome = pending.get();
    } catch (ExecutionException e) {
      throw new TaskFailure(String.valueOf(e.getCause()));
    }
    outcome.notes().forEach(task::log);
    if (outcome.error().isPresent()) {
      throw new TaskFailure(outcome.error().get());
    }
  }

  public Changes changes() {
    return changes;
  }

  public ServiceManager services() {
    return services;
  }

  public List<CheckHealth> checks() {
    return checks.checks();
  }

  public FileService files() {
    return files;
  }

  public ExecManager exec() {
    return exec;
  }

  public Notices notices() {
    return notices;
  }
}
