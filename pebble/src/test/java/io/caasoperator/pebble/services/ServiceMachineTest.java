package io.caasoperator.pebble.services;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.pebble.plan.LayerParser;
import io.caasoperator.pebble.plan.Plan;
import io.caasoperator.pebble.plan.PlanLayers;
import io.caasoperator.pebble.plan.ServiceSpec;
import io.caasoperator.pebble.process.Signals;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ServiceMachineTest {
  private static final Instant T0 = Instant.parse("2025-01-01T00:00:00Z");

  private static ServiceSpec spec(String extra) throws Exception {
    Plan plan =
        PlanLayers.add(
            Plan.EMPTY,
            LayerParser.parse(
                0, "a", "services: {s: {override: replace, command: x" + extra + "}}"),
            false);
    return plan.services().get("s");
  }

  /**
   * A service of {@code spec("...")} told to start, then given {@code then}: the last step, with
   * every effect it had.
   */
  private static ServiceMachine.Step started(String specExtra, ServiceInput... then)
      throws Exception {
    ServiceMachine.Step step =
        ServiceMachine.step(
            ServiceRuntime.initial(spec(specExtra), T0), new ServiceInput.Start(), T0);
    for (ServiceInput in : then) {
      step = ServiceMachine.step(step.next(), in, T0);
    }
    return step;
  }

  /** A service of {@code spec("...")} started and past its okay delay: running, process 1. */
  private static ServiceRuntime running(String specExtra) throws Exception {
    return started(specExtra, new ServiceInput.OkayDelayElapsed(1)).next();
  }

  @Test
  void aStartSucceedsOnceTheProcessStayedUpForTheOkayDelay() throws Exception {
    ServiceMachine.Step started = started("");
    assertThat(started.next().state()).isEqualTo(ServiceState.STARTING);
    assertThat(started.effects())
        .contains(
            new ServiceEffect.Launch(1),
            new ServiceEffect.Schedule(
                Duration.ofSeconds(1), new ServiceInput.OkayDelayElapsed(1)));
    ServiceMachine.Step ok =
        ServiceMachine.step(started.next(), new ServiceInput.OkayDelayElapsed(1), T0);
    assertThat(ok.next().state()).isEqualTo(ServiceState.RUNNING);
    assertThat(ok.effects())
        .containsExactly(new ServiceEffect.StartAnswered(Optional.empty(), false));
  }

  @Test
  void aProcessThatExitsAtOnceFailsTheStartWithItsOutputAndBacksOff() throws Exception {
    ServiceMachine.Step step = started("", new ServiceInput.Exited(1, 3));
    assertThat(step.effects())
        .contains(
            new ServiceEffect.StartAnswered(
                Optional.of("exited quickly with code 3, will restart"), true),
            new ServiceEffect.ExitedByItself(3),
            new ServiceEffect.Schedule(Duration.ofMillis(500), new ServiceInput.BackoffElapsed(1)));
    assertThat(step.next().state()).isEqualTo(ServiceState.BACKOFF);
  }

  @Test
  void backoffGrowsByItsFactorUpToItsLimitAndRelaunches() throws Exception {
    ServiceRuntime rt =
        started(
                ", backoff-delay: 1s, backoff-factor: 3, backoff-limit: 5s",
                new ServiceInput.OkayDelayElapsed(1),
                new ServiceInput.Exited(1, 1))
            .next();
    assertThat(rt.backoffTime()).hasSeconds(1);
    ServiceMachine.Step relaunch = ServiceMachine.step(rt, new ServiceInput.BackoffElapsed(1), T0);
    assertThat(relaunch.effects()).contains(new ServiceEffect.Launch(2));
    rt = ServiceMachine.step(relaunch.next(), new ServiceInput.Exited(2, 1), T0).next();
    assertThat(rt.backoffTime()).hasSeconds(3);
    rt =
        ServiceMachine.step(
                ServiceMachine.step(rt, new ServiceInput.BackoffElapsed(2), T0).next(),
                new ServiceInput.Exited(3, 1),
                T0)
            .next();
    assertThat(rt.backoffTime()).hasSeconds(5);
    assertThat(rt.backoffNum()).isEqualTo(3);
  }

  @Test
  void stopSendsTermThenKillAfterTheKillDelay() throws Exception {
    ServiceRuntime running = running(", kill-delay: 2s");
    ServiceMachine.Step stop = ServiceMachine.step(running, new ServiceInput.Stop(), T0);
    assertThat(stop.effects())
        .containsExactly(
            new ServiceEffect.SignalGroup(Signals.SIGTERM),
            new ServiceEffect.Schedule(
                Duration.ofSeconds(2), new ServiceInput.TerminateDelayElapsed(1)));
    ServiceMachine.Step kill =
        ServiceMachine.step(stop.next(), new ServiceInput.TerminateDelayElapsed(1), T0);
    assertThat(kill.effects()).contains(new ServiceEffect.SignalGroup(Signals.SIGKILL));
    ServiceMachine.Step exited =
        ServiceMachine.step(kill.next(), new ServiceInput.Exited(1, 137), T0);
    assertThat(exited.next().state()).isEqualTo(ServiceState.STOPPED);
    assertThat(exited.effects())
        .contains(new ServiceEffect.StopAnswered(Optional.empty()), new ServiceEffect.Stopped());
  }

  @Test
  void timersOfAnEarlierProcessAreIgnored() throws Exception {
    ServiceRuntime rt =
        started("", new ServiceInput.Exited(1, 1), new ServiceInput.BackoffElapsed(1)).next();
    assertThat(ServiceMachine.step(rt, new ServiceInput.OkayDelayElapsed(1), T0).effects())
        .isEmpty();
    assertThat(ServiceMachine.step(rt, new ServiceInput.Exited(1, 0), T0).next()).isEqualTo(rt);
  }

  @Test
  void onSuccessShutdownIsReportedNotActedOn() throws Exception {
    ServiceMachine.Step step =
        started(
            ", on-success: shutdown",
            new ServiceInput.OkayDelayElapsed(1),
            new ServiceInput.Exited(1, 0));
    assertThat(step.next().state()).isEqualTo(ServiceState.EXITED);
    assertThat(step.effects()).anyMatch(e -> e instanceof ServiceEffect.ShutdownRequested);
  }

  @Test
  void aFailedCheckRestartsARunningServiceThroughBackoff() throws Exception {
    ServiceRuntime running = running(", on-check-failure: {up: restart}");
    ServiceMachine.Step step =
        ServiceMachine.step(
            running,
            new ServiceInput.CheckFailed(running.config().policy().onCheckFailure().get("up")),
            T0);
    assertThat(step.next().state()).isEqualTo(ServiceState.TERMINATING);
    assertThat(step.next().restarting()).isTrue();
    ServiceMachine.Step exited =
        ServiceMachine.step(step.next(), new ServiceInput.Exited(1, 143), T0);
    assertThat(exited.next().state()).isEqualTo(ServiceState.BACKOFF);
  }
}
