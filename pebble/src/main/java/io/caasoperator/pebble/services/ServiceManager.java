package io.caasoperator.pebble.services;

import io.caasoperator.pebble.events.PebbleEvent;
import io.caasoperator.pebble.plan.Plan;
import io.caasoperator.pebble.plan.ServiceAction;
import io.caasoperator.pebble.plan.ServiceSpec;
import io.caasoperator.pebble.plan.Startup;
import io.caasoperator.pebble.process.ProcessEnvironment;
import io.caasoperator.pebble.process.Signals;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the services of one Pebble: applies the {@link ServiceMachine}'s decisions (launch, signal,
 * schedule, answer) and feeds process exits and timers back to it. Each service's output goes to
 * its {@link LogRing}. Decisions are taken under this manager's lock; the listener and waiting
 * requests are told after it is released.
 */
public final class ServiceManager implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(ServiceManager.class);
  private static final int LAST_LOG_LINES = 20;

  /**
   * How long an exit waits for the process's last output to be read (Go's {@code WaitDelay} plays
   * this part).
   */
  private static final long OUTPUT_DRAIN_MILLIS = 1000;

  private final ServiceDependencies deps;
  private final Map<String, Entry> services = new HashMap<>();

  /** A service the manager has started at least once. */
  private static final class Entry {
    ServiceRuntime runtime;
    Process process;
    final LogRing logs = new LogRing(LogRing.DEFAULT_MAX_BYTES);
    CompletableFuture<StartStopOutcome> pendingStart;
    CompletableFuture<StartStopOutcome> pendingStop;
    final List<String> notes = new ArrayList<>();

    Entry(ServiceRuntime runtime) {
      this.runtime = runtime;
    }
  }

  public ServiceManager(ServiceDependencies deps) {
    this.deps = deps;
  }

  /** Starts the service with this configuration; completes once it has stayed up 1 s, or failed. */
  public CompletableFuture<StartStopOutcome> start(ServiceSpec config) {
    CompletableFuture<StartStopOutcome> answer = new CompletableFuture<>();
    List<Runnable> after = new ArrayList<>();
    synchronized (this) {
      Entry e =
          services.computeIfAbsent(
              config.name(),
              n -> new Entry(ServiceRuntime.initial(config, deps.clock().instant())));
      e.runtime = e.runtime.withConfig(config);
      e.pendingStart = answer;
      e.notes.clear();
      apply(config.name(), e, new ServiceInput.Start(), after);
    }
    after.forEach(Runnable::run);
    return answer;
  }

  /**
   * Stops the service (SIGTERM, kill-delay, SIGKILL to its group); completes when it has stopped.
   */
  public CompletableFuture<StartStopOutcome> stop(String name) {
    CompletableFuture<StartStopOutcome> answer = new CompletableFuture<>();
    List<Runnable> after = new ArrayList<>();
    synchronized (this) {
      Entry e = services.get(name);
      if (e == null) {
        answer.complete(
            new StartStopOutcome(
                List.of("Service \"" + name + "\" has never been started."), Optional.empty()));
        return answer;
      }
      e.pendingStop = answer;
      e.notes.clear();
      apply(name, e, new ServiceInput.Stop(), after);
    }
    after.forEach(Runnable::run);
    return answer;
  }

  /**
   * Status of the plan's services (all, or those named), sorted by name (servstate {@code
   * Services}).
   */
  public synchronized List<ServiceInfo> services(Plan plan, Set<String> names) {
    List<ServiceInfo> out = new ArrayList<>();
    for (ServiceSpec s : plan.services().values()) {
      if (!names.isEmpty() && !names.contains(s.name())) {
        continue;
      }
      Entry e = services.get(s.name());
      String startup = s.startup() == Startup.ENABLED ? "enabled" : "disabled";
      out.add(
          e == null
              ? new ServiceInfo(s.name(), startup, ServiceStatus.INACTIVE, Optional.empty())
              : new ServiceInfo(
                  s.name(),
                  startup,
                  e.runtime.state().status(),
                  Optional.of(e.runtime.currentSince())));
    }
    return out;
  }

  /**
   * What a replan does (servstate {@code Replan}): services to stop and services to start, in plan
   * order.
   */
  public record Replan(List<List<String>> stop, List<List<String>> start) {}

  /**
   * Services whose configuration differs from the one they were started with are stopped and
   * started again; enabled services are started (a start of a running service is a no-op).
   */
  public Replan replan(Plan plan) throws io.caasoperator.pebble.plan.PlanFormatException {
    List<String> stop = new ArrayList<>();
    List<String> start = new ArrayList<>();
    synchronized (this) {
      for (Map.Entry<String, Entry> e : services.entrySet()) {
        ServiceSpec current = plan.services().get(e.getKey());
        if (current != null && current.equals(e.getValue().runtime.config())) {
          continue;
        }
        if (current != null) {
          e.getValue().runtime = e.getValue().runtime.withConfig(current);
        }
        ServiceState state = e.getValue().runtime.state();
        if (current != null
            || state == ServiceState.STARTING
            || state == ServiceState.RUNNING
            || state == ServiceState.BACKOFF) {
          stop.add(e.getKey());
        }
      }
      for (ServiceSpec s : plan.services().values()) {
        if (stop.contains(s.name()) || s.startup() == Startup.ENABLED) {
          start.add(s.name());
        }
      }
    }
    // a service removed from the plan cannot be ordered by it: stop those in a lane of their own
    List<String> inPlan = stop.stream().filter(plan.services()::containsKey).toList();
    List<List<String>> stopLanes = new ArrayList<>(plan.stopOrder(inPlan));
    stop.stream()
        .filter(n -> !plan.services().containsKey(n))
        .forEach(n -> stopLanes.add(List.of(n)));
    return new Replan(stopLanes, plan.startOrder(start));
  }

  /**
   * Sends a signal to each named service's process (servstate {@code SendSignal}).
   *
   * @throws IllegalArgumentException listing every service that could not be signalled
   */
  public void sendSignal(List<String> names, String signal) {
    List<String> errors = new ArrayList<>();
    synchronized (this) {
      for (String name : names) {
        Entry e = services.get(name);
        if (e == null) {
          errors.add("cannot send signal to \"" + name + "\": service is not running");
          continue;
        }
        switch (e.runtime.state()) {
          case STARTING, RUNNING -> {
            Optional<Integer> number = Signals.number(signal);
            if (number.isEmpty()) {
              errors.add(
                  "cannot send signal to \"" + name + "\": invalid signal name \"" + signal + "\"");
              continue;
            }
            try {
              deps.launcher().signal(e.process, number.get());
            } catch (IllegalStateException ex) {
              errors.add("cannot send signal to \"" + name + "\": " + ex.getMessage());
            }
          }
          case INITIAL, BACKOFF, TERMINATING, KILLING, STOPPED, EXITED ->
              errors.add("cannot send signal to \"" + name + "\": service is not running");
        }
      }
    }
    if (!errors.isEmpty()) {
      throw new IllegalArgumentException(String.join("; ", errors));
    }
  }

  /** A check went down: each service naming it in {@code on-check-failure} acts on it. */
  public void checkFailed(String check) {
    List<Runnable> after = new ArrayList<>();
    synchronized (this) {
      for (Map.Entry<String, Entry> e : services.entrySet()) {
        ServiceAction action = e.getValue().runtime.config().policy().onCheckFailure().get(check);
        if (action != null) {
          apply(e.getKey(), e.getValue(), new ServiceInput.CheckFailed(action), after);
        }
      }
    }
    after.forEach(Runnable::run);
  }

  /**
   * The last {@code n} output lines of each named service (all when {@code n} is negative), oldest
   * first.
   */
  public synchronized List<LogEntry> logs(List<String> names, int n) {
    List<LogEntry> out = new ArrayList<>();
    for (String name : names) {
      Entry e = services.get(name);
      if (e != null) {
        out.addAll(e.logs.last(n));
      }
    }
    out.sort(java.util.Comparator.comparing(LogEntry::time));
    if (n >= 0 && out.size() > n) {
      return List.copyOf(out.subList(out.size() - n, out.size()));
    }
    return out;
  }

  /** The state of one service, if it was ever started (for tests and the operator's status). */
  public synchronized Optional<ServiceRuntime> runtime(String name) {
    return Optional.ofNullable(services.get(name)).map(e -> e.runtime);
  }

  /**
   * Stops every running service as {@code stop} does and waits for them (at most each one's kill
   * delay plus the 5 s fail delay); processes still there after that are killed.
   */
  @Override
  public void close() {
    List<CompletableFuture<StartStopOutcome>> waits = new ArrayList<>();
    Duration longest = Duration.ZERO;
    List<String> names;
    synchronized (this) {
      names = new ArrayList<>(services.keySet());
      for (Entry e : services.values()) {
        Duration d = e.runtime.config().policy().effectiveKillDelay();
        longest = d.compareTo(longest) > 0 ? d : longest;
      }
    }
    for (String name : names) {
      waits.add(stop(name));
    }
    try {
      CompletableFuture.allOf(waits.toArray(CompletableFuture[]::new))
          .get(longest.plus(ServiceMachine.FAIL_DELAY).toMillis() + 500, TimeUnit.MILLISECONDS);
    } catch (Exception e) {
      log.warn("services still stopping at close: {}", e.toString());
    }
    synchronized (this) {
      for (Entry e : services.values()) {
        if (e.process != null && e.process.isAlive()) {
          try {
            Signals.toGroup(e.process.pid(), Signals.SIGKILL);
          } catch (IllegalStateException ex) {
            log.debug("SIGKILL at close: {}", ex.getMessage());
          }
        }
      }
    }
  }

  // ---- applying decisions ----

  private void feed(String name, ServiceInput input) {
    List<Runnable> after = new ArrayList<>();
    synchronized (this) {
      Entry e = services.get(name);
      if (e == null) {
        return;
      }
      apply(name, e, input, after);
    }
    after.forEach(Runnable::run);
  }

  /**
   * Steps the machine and carries out its effects; runs under the lock, defers answers and reports
   * to after.
   */
  private void apply(String name, Entry e, ServiceInput input, List<Runnable> after) {
    Instant now = deps.clock().instant();
    ServiceMachine.Step step = ServiceMachine.step(e.runtime, input, now);
    e.runtime = step.next();
    // the listener hears of a step before the request waiting on it is answered: journal first,
    // then reply
    List<Runnable> answers = new ArrayList<>();
    for (ServiceEffect effect : step.effects()) {
      switch (effect) {
        case ServiceEffect.Launch l -> launch(name, e, l.generation(), after);
        case ServiceEffect.SignalGroup s -> {
          if (e.process != null) {
            try {
              Signals.toGroup(e.process.pid(), s.signal());
            } catch (IllegalStateException ex) {
              log.info("service {}: cannot send signal {}: {}", name, s.signal(), ex.getMessage());
            }
          }
        }
        case ServiceEffect.Schedule s -> {
          Duration delay = s.delay();
          if (s.input() instanceof ServiceInput.BackoffElapsed) {
            delay = delay.plusNanos((long) (delay.toNanos() * 0.1 * deps.jitter().getAsDouble()));
          }
          deps.timers().schedule(delay, () -> feed(name, s.input()));
        }
        case ServiceEffect.StartAnswered a -> {
          CompletableFuture<StartStopOutcome> pending = e.pendingStart;
          e.pendingStart = null;
          if (pending != null) {
            List<String> notes = new ArrayList<>(e.notes);
            if (a.error().isPresent() && a.withOutput()) {
              String tail = outputTail(e.logs);
              if (!tail.isEmpty()) {
                notes.add("Most recent service output:\n" + tail);
              }
            }
            Optional<String> error = a.error().map(m -> "service start attempt: " + m);
            StartStopOutcome outcome = new StartStopOutcome(notes, error);
            answers.add(() -> pending.complete(outcome));
          }
        }
        case ServiceEffect.StopAnswered a -> {
          CompletableFuture<StartStopOutcome> pending = e.pendingStop;
          e.pendingStop = null;
          if (pending != null) {
            StartStopOutcome outcome =
                new StartStopOutcome(e.notes, a.error().map(m -> "cannot stop service: " + m));
            answers.add(() -> pending.complete(outcome));
          }
        }
        case ServiceEffect.TaskNote n -> e.notes.add(n.message());
        case ServiceEffect.Started s ->
            after.add(() -> deps.listener().on(new PebbleEvent.ServiceStarted(now, name, s.pid())));
        case ServiceEffect.Stopped s ->
            after.add(() -> deps.listener().on(new PebbleEvent.ServiceStopped(now, name)));
        case ServiceEffect.ExitedByItself x ->
            after.add(
                () -> deps.listener().on(new PebbleEvent.ServiceExited(now, name, x.exitCode())));
        case ServiceEffect.ShutdownRequested r -> {
          log.warn(
              "service {} {}; reported to the operator, Pebble keeps running", name, r.reason());
          after.add(
              () -> deps.listener().on(new PebbleEvent.ShutdownRequested(now, name, r.reason())));
        }
      }
    }
    after.addAll(answers);
  }

  private void launch(String name, Entry e, long generation, List<Runnable> after) {
    ServiceSpec config = e.runtime.config();
    Process process;
    try {
      ProcessEnvironment.Prepared prepared = deps.environment().prepare(config.context(), false);
      process = deps.launcher().launch(prepared.launch(config.argv(), true));
    } catch (IOException | IllegalArgumentException ex) {
      log.info("service {} cannot start: {}", name, ex.getMessage());
      apply(name, e, new ServiceInput.LaunchFailed(generation, ex.getMessage()), after);
      return;
    }
    e.process = process;
    log.info("service {} started: {} (pid {})", name, config.command(), process.pid());
    Thread reader =
        Thread.ofVirtual()
            .name("pebble-service-output-" + name)
            .start(() -> pump(name, e, process));
    process
        .onExit()
        .thenRunAsync(
            () -> {
              try {
                reader.join(OUTPUT_DRAIN_MILLIS);
              } catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
              }
              int code = process.exitValue();
              log.info("service {} exited with code {}", name, code);
              feed(name, new ServiceInput.Exited(generation, code));
            },
            r -> Thread.ofVirtual().start(r));
    apply(name, e, new ServiceInput.Launched(generation, process.pid()), after);
  }

  private void pump(String name, Entry e, Process process) {
    try (BufferedReader in =
        new BufferedReader(
            new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = in.readLine()) != null) {
        e.logs.add(deps.clock().instant(), name, line);
      }
    } catch (IOException ex) {
      log.debug("service {} output: {}", name, ex.toString());
    }
  }

  private static String outputTail(LogRing logs) {
    StringBuilder b = new StringBuilder();
    for (LogEntry entry : logs.last(LAST_LOG_LINES)) {
      if (!b.isEmpty()) {
        b.append('\n');
      }
      b.append("    ").append(entry.message());
    }
    return b.toString();
  }
}
