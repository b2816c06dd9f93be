package io.caasoperator.pebble.checks;

import io.caasoperator.pebble.events.PebbleEvent;
import io.caasoperator.pebble.events.PebbleListener;
import io.caasoperator.pebble.plan.CheckSpec;
import io.caasoperator.pebble.plan.Plan;
import io.caasoperator.pebble.plan.Startup;
import io.caasoperator.pebble.timers.Timers;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the plan's checks every {@code period} (each run bounded by its {@code timeout}) and keeps
 * their {@link CheckHealth}. A check going down is reported to the listener and to {@code onDown}
 * (the services' {@code on-check-failure}); coming back up is reported too. When the plan changes,
 * new or changed checks start afresh and removed ones stop, as Pebble's check manager reacts to
 * plan changes.
 */
public final class CheckManager implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(CheckManager.class);

  private final Checker checker;
  private final Timers timers;
  private final Clock clock;
  private final PebbleListener listener;
  private final Consumer<String> onDown;
  private final Map<String, Running> running = new HashMap<>();
  private boolean closed;

  private static final class Running {
    final CheckSpec spec;
    CheckHealth health;
    Timers.Cancellable timer;

    Running(CheckSpec spec, CheckHealth health) {
      this.spec = spec;
      this.health = health;
    }
  }

  /**
   * @param checker performs one run (blocking, on a virtual thread)
   * @param timers periods
   * @param clock event times
   * @param listener told of up/down transitions
   * @param onDown told the name of a check that went down
   */
  public CheckManager(
      Checker checker,
      Timers timers,
      Clock clock,
      PebbleListener listener,
      Consumer<String> onDown) {
    this.checker = checker;
    this.timers = timers;
    this.clock = clock;
    this.listener = listener;
    this.onDown = onDown;
  }

  /** Follows a new plan. */
  public synchronized void update(Plan plan) {
    if (closed) {
      return;
    }
    for (String name : List.copyOf(running.keySet())) {
      CheckSpec spec = plan.checks().get(name);
      if (spec == null || !spec.equals(running.get(name).spec)) {
        Running r = running.remove(name);
        if (r.timer != null) {
          r.timer.cancel();
        }
      }
    }
    for (CheckSpec spec : plan.checks().values()) {
      if (running.containsKey(spec.name())) {
        continue;
      }
      boolean active = spec.startup() != Startup.DISABLED;
      Running r =
          new Running(
              spec,
              CheckHealth.fresh(
                  spec.name(),
                  spec.level().wire(),
                  active ? "enabled" : "disabled",
                  spec.effectiveThreshold(),
                  active));
      running.put(spec.name(), r);
      if (active) {
        schedule(r);
      }
    }
  }

  /** The checks' health, by name. */
  public synchronized List<CheckHealth> checks() {
    Map<String, CheckHealth> sorted = new TreeMap<>();
    running.forEach((name, r) -> sorted.put(name, r.health));
    return new ArrayList<>(sorted.values());
  }

  @Override
  public synchronized void close() {
    closed = true;
    running
        .values()
        .forEach(
            r -> {
              if (r.timer != null) {
                r.timer.cancel();
              }
            });
    running.clear();
  }

  private void schedule(Running r) {
    r.timer =
        timers.schedule(
            r.spec.effectivePeriod(),
            () -> Thread.ofVirtual().name("pebble-check-" + r.spec.name()).start(() -> perform(r)));
  }

  private void perform(Running r) {
    Optional<String> error;
    try {
      error = checker.run(r.spec, r.spec.effectiveTimeout());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return;
    } catch (RuntimeException e) {
      error = Optional.of(e.toString());
    }
    Optional<CheckHealth.Transition> transition;
    CheckHealth health;
    synchronized (this) {
      if (closed || running.get(r.spec.name()) != r) {
        return; // the plan changed while it ran: this result belongs to a check that is gone
      }
      CheckHealth.Outcome outcome = r.health.afterRun(error);
      r.health = outcome.next();
      health = r.health;
      transition = outcome.transition();
      schedule(r);
    }
    if (transition.isPresent()) {
      switch (transition.get()) {
        case WENT_DOWN -> {
          log.info(
              "check {} is down after {} failures: {}",
              health.name(),
              health.failures(),
              health.lastError());
          listener.on(
              new PebbleEvent.CheckDown(
                  clock.instant(), health.name(), health.failures(), health.lastError()));
          onDown.accept(health.name());
        }
        case WENT_UP -> {
          log.info("check {} is up again", health.name());
          listener.on(new PebbleEvent.CheckUp(clock.instant(), health.name()));
        }
      }
    }
  }
}
