package io.caasoperator.pebble.services;

import io.caasoperator.pebble.plan.ServiceSpec;
import java.time.Duration;
import java.time.Instant;

/**
 * What the service manager knows of one service between events: the configuration it was started
 * with, its state, the generation of its current process (timers and exits of older processes are
 * ignored), its backoff count and delay, whether a stop is a restart after a failed check, and
 * since when its status holds.
 */
public record ServiceRuntime(
    ServiceSpec config,
    ServiceState state,
    long generation,
    int backoffNum,
    Duration backoffTime,
    boolean restarting,
    Instant currentSince) {

  public static ServiceRuntime initial(ServiceSpec config, Instant now) {
    return new ServiceRuntime(config, ServiceState.INITIAL, 0, 0, Duration.ZERO, false, now);
  }

  /** A new state; {@code currentSince} moves only when the visible status changes (handlers.go). */
  ServiceRuntime to(ServiceState next, Instant now) {
    return new ServiceRuntime(
        config,
        next,
        generation,
        backoffNum,
        backoffTime,
        false,
        next.status() != state.status() ? now : currentSince);
  }

  ServiceRuntime restarting(boolean value) {
    return new ServiceRuntime(
        config, state, generation, backoffNum, backoffTime, value, currentSince);
  }

  ServiceRuntime withConfig(ServiceSpec next) {
    return new ServiceRuntime(
        next, state, generation, backoffNum, backoffTime, restarting, currentSince);
  }

  ServiceRuntime nextGeneration() {
    return new ServiceRuntime(
        config, state, generation + 1, backoffNum, backoffTime, restarting, currentSince);
  }

  ServiceRuntime withBackoff(int num, Duration time) {
    return new ServiceRuntime(config, state, generation, num, time, restarting, currentSince);
  }
}
