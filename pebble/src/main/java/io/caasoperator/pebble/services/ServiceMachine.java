package io.caasoperator.pebble.services;

import io.caasoperator.pebble.plan.RestartPolicy;
import io.caasoperator.pebble.plan.ServiceAction;
import io.caasoperator.pebble.process.Signals;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The service life cycle of Pebble (internals/overlord/servstate/handlers.go) as a pure function: a
 * runtime and an input give the next runtime and the effects to carry out. No clock, no process, no
 * thread: the manager applies the effects and feeds process outcomes and timers back in.
 */
public final class ServiceMachine {
  /** A start succeeds once the process has stayed up this long ({@code okayDelay}). */
  public static final Duration OKAY_DELAY = Duration.ofSeconds(1);

  /** After SIGKILL, how long to wait for the exit before giving up ({@code failDelay}). */
  public static final Duration FAIL_DELAY = Duration.ofSeconds(5);

  /** The next runtime and what to do. */
  public record Step(ServiceRuntime next, List<ServiceEffect> effects) {
    public Step {
      effects = List.copyOf(effects);
    }
  }

  private ServiceMachine() {}

  public static Step step(ServiceRuntime rt, ServiceInput input, Instant now) {
    List<ServiceEffect> fx = new ArrayList<>();
    ServiceRuntime next =
        switch (input) {
          case ServiceInput.Start s -> start(rt, now, fx);
          case ServiceInput.Stop s -> stop(rt, now, fx);
          case ServiceInput.Launched l -> {
            if (l.generation() == rt.generation()) {
              fx.add(new ServiceEffect.Started(l.pid()));
            }
            yield rt;
          }
          case ServiceInput.LaunchFailed f -> launchFailed(rt, f, now, fx);
          case ServiceInput.Exited e ->
              e.generation() == rt.generation() ? exited(rt, e.exitCode(), now, fx) : rt;
          case ServiceInput.OkayDelayElapsed o -> {
            if (o.generation() == rt.generation() && rt.state() == ServiceState.STARTING) {
              fx.add(new ServiceEffect.StartAnswered(Optional.empty(), false));
              yield rt.to(ServiceState.RUNNING, now);
            }
            yield rt;
          }
          case ServiceInput.BackoffElapsed b -> {
            if (b.generation() == rt.generation() && rt.state() == ServiceState.BACKOFF) {
              yield launch(rt.to(ServiceState.RUNNING, now), fx, false);
            }
            yield rt;
          }
          case ServiceInput.TerminateDelayElapsed t -> {
            if (t.generation() == rt.generation() && rt.state() == ServiceState.TERMINATING) {
              fx.add(new ServiceEffect.SignalGroup(Signals.SIGKILL));
              fx.add(
                  new ServiceEffect.Schedule(
                      FAIL_DELAY, new ServiceInput.KillDelayElapsed(rt.generation())));
              yield rt.to(ServiceState.KILLING, now).restarting(rt.restarting());
            }
            yield rt;
          }
          case ServiceInput.KillDelayElapsed k -> {
            if (k.generation() == rt.generation() && rt.state() == ServiceState.KILLING) {
              if (!rt.restarting()) {
                fx.add(
                    new ServiceEffect.StopAnswered(
                        Optional.of("process still running after SIGTERM and SIGKILL")));
              }
              yield rt.to(ServiceState.STOPPED, now);
            }
            yield rt;
          }
          case ServiceInput.BackoffResetElapsed r -> {
            if (r.generation() == rt.generation() && rt.state() == ServiceState.RUNNING) {
              yield rt.withBackoff(0, Duration.ZERO);
            }
            yield rt;
          }
          case ServiceInput.CheckFailed c -> checkFailed(rt, c.action(), now, fx);
        };
    return new Step(next, fx);
  }

  private static ServiceRuntime start(ServiceRuntime rt, Instant now, List<ServiceEffect> fx) {
    String name = rt.config().name();
    return switch (rt.state()) {
      case STARTING, RUNNING -> {
        fx.add(new ServiceEffect.TaskNote("Service \"" + name + "\" already started."));
        fx.add(new ServiceEffect.StartAnswered(Optional.empty(), false));
        yield rt;
      }
      case TERMINATING, KILLING -> {
        fx.add(
            new ServiceEffect.StartAnswered(
                Optional.of("cannot start service while " + rt.state().name().toLowerCase()),
                false));
        yield rt;
      }
      case INITIAL, STOPPED, BACKOFF, EXITED ->
          launch(rt.withBackoff(0, Duration.ZERO).to(ServiceState.STARTING, now), fx, true);
    };
  }

  private static ServiceRuntime launch(
      ServiceRuntime rt, List<ServiceEffect> fx, boolean okayWait) {
    ServiceRuntime next = rt.nextGeneration();
    fx.add(new ServiceEffect.Launch(next.generation()));
    if (okayWait) {
      fx.add(
          new ServiceEffect.Schedule(
              OKAY_DELAY, new ServiceInput.OkayDelayElapsed(next.generation())));
    }
    fx.add(
        new ServiceEffect.Schedule(
            rt.config().policy().effectiveBackoffLimit(),
            new ServiceInput.BackoffResetElapsed(next.generation())));
    return next;
  }

  private static ServiceRuntime launchFailed(
      ServiceRuntime rt, ServiceInput.LaunchFailed f, Instant now, List<ServiceEffect> fx) {
    if (f.generation() != rt.generation()) {
      return rt;
    }
    return switch (rt.state()) {
      case STARTING -> {
        fx.add(
            new ServiceEffect.StartAnswered(
                Optional.of("cannot start service: " + f.error()), false));
        yield rt.to(ServiceState.STOPPED, now);
      }
      // a restart after backoff that cannot even start counts as a failure, and backs off again
      case RUNNING -> backoff(rt, ServiceAction.RESTART, now, fx);
      case INITIAL, TERMINATING, KILLING, STOPPED, BACKOFF, EXITED -> rt;
    };
  }

  private static ServiceRuntime exited(
      ServiceRuntime rt, int exitCode, Instant now, List<ServiceEffect> fx) {
    RestartPolicy policy = rt.config().policy();
    ServiceAction action = (exitCode == 0 ? policy.onSuccess() : policy.onFailure()).effective();
    return switch (rt.state()) {
      case STARTING -> {
        fx.add(
            new ServiceEffect.StartAnswered(
                Optional.of("exited quickly with code " + exitCode + ", will " + action.wire()),
                true));
        yield afterExit(rt, exitCode, action, now, fx);
      }
      case RUNNING -> afterExit(rt, exitCode, action, now, fx);
      case TERMINATING, KILLING -> {
        if (rt.restarting()) {
          yield backoff(rt, ServiceAction.RESTART, now, fx);
        }
        fx.add(new ServiceEffect.StopAnswered(Optional.empty()));
        fx.add(new ServiceEffect.Stopped());
        yield rt.to(ServiceState.STOPPED, now);
      }
      case INITIAL, STOPPED, BACKOFF, EXITED -> rt;
    };
  }

  private static ServiceRuntime afterExit(
      ServiceRuntime rt, int exitCode, ServiceAction action, Instant now, List<ServiceEffect> fx) {
    fx.add(new ServiceEffect.ExitedByItself(exitCode));
    String on = exitCode == 0 ? "on-success" : "on-failure";
    return switch (action) {
      case IGNORE -> rt.to(exitCode == 0 ? ServiceState.STOPPED : ServiceState.EXITED, now);
      case SHUTDOWN -> {
        fx.add(
            new ServiceEffect.ShutdownRequested(
                on
                    + " action is \"shutdown\", triggering "
                    + (exitCode == 0 ? "success" : "failure")
                    + " shutdown"));
        yield rt.to(ServiceState.EXITED, now);
      }
      case SUCCESS_SHUTDOWN, FAILURE_SHUTDOWN -> {
        fx.add(new ServiceEffect.ShutdownRequested(on + " action is \"" + action.wire() + "\""));
        yield rt.to(ServiceState.EXITED, now);
      }
      case RESTART, UNSET -> backoff(rt, action, now, fx);
    };
  }

  private static ServiceRuntime backoff(
      ServiceRuntime rt, ServiceAction action, Instant now, List<ServiceEffect> fx) {
    Duration delay = Backoff.next(rt.config().policy(), rt.backoffTime());
    ServiceRuntime next = rt.withBackoff(rt.backoffNum() + 1, delay).to(ServiceState.BACKOFF, now);
    fx.add(new ServiceEffect.Schedule(delay, new ServiceInput.BackoffElapsed(next.generation())));
    return next;
  }

  private static ServiceRuntime stop(ServiceRuntime rt, Instant now, List<ServiceEffect> fx) {
    String name = rt.config().name();
    return switch (rt.state()) {
      case STARTING -> {
        fx.add(
            new ServiceEffect.StartAnswered(
                Optional.of("stopped before the 1s okay delay"), false));
        yield terminate(rt, now, fx, false);
      }
      case RUNNING -> terminate(rt, now, fx, false);
      case BACKOFF -> {
        fx.add(new ServiceEffect.StopAnswered(Optional.empty()));
        fx.add(new ServiceEffect.Stopped());
        yield rt.to(ServiceState.STOPPED, now);
      }
      case TERMINATING, KILLING -> {
        fx.add(new ServiceEffect.TaskNote("Service \"" + name + "\" already stopping."));
        fx.add(new ServiceEffect.StopAnswered(Optional.empty()));
        yield rt;
      }
      case STOPPED -> {
        fx.add(new ServiceEffect.TaskNote("Service \"" + name + "\" already stopped."));
        fx.add(new ServiceEffect.StopAnswered(Optional.empty()));
        yield rt;
      }
      case EXITED -> {
        fx.add(new ServiceEffect.TaskNote("Service \"" + name + "\" had already exited."));
        fx.add(new ServiceEffect.StopAnswered(Optional.empty()));
        yield rt.to(ServiceState.STOPPED, now);
      }
      case INITIAL -> {
        fx.add(new ServiceEffect.TaskNote("Service \"" + name + "\" has never been started."));
        fx.add(new ServiceEffect.StopAnswered(Optional.empty()));
        yield rt;
      }
    };
  }

  private static ServiceRuntime terminate(
      ServiceRuntime rt, Instant now, List<ServiceEffect> fx, boolean restarting) {
    fx.add(new ServiceEffect.SignalGroup(Signals.SIGTERM));
    fx.add(
        new ServiceEffect.Schedule(
            rt.config().policy().effectiveKillDelay(),
            new ServiceInput.TerminateDelayElapsed(rt.generation())));
    return rt.to(ServiceState.TERMINATING, now).restarting(restarting);
  }

  private static ServiceRuntime checkFailed(
      ServiceRuntime rt, ServiceAction action, Instant now, List<ServiceEffect> fx) {
    return switch (rt.state()) {
      case RUNNING, BACKOFF, EXITED ->
          switch (action.effective()) {
            case IGNORE -> rt;
            case SHUTDOWN, FAILURE_SHUTDOWN -> {
              fx.add(
                  new ServiceEffect.ShutdownRequested(
                      "on-check-failure action is \"shutdown\", triggering failure shutdown"));
              yield rt;
            }
            case SUCCESS_SHUTDOWN -> {
              fx.add(
                  new ServiceEffect.ShutdownRequested(
                      "on-check-failure action is \"success-shutdown\", triggering success shutdown"));
              yield rt;
            }
            case RESTART, UNSET ->
                switch (rt.state()) {
                  case RUNNING -> terminate(rt, now, fx, true);
                  case EXITED -> backoff(rt, ServiceAction.RESTART, now, fx);
                  case INITIAL, STARTING, TERMINATING, KILLING, STOPPED, BACKOFF -> rt;
                };
          };
      case INITIAL, STARTING, TERMINATING, KILLING, STOPPED -> rt;
    };
  }
}
