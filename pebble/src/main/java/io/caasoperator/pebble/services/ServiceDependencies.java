package io.caasoperator.pebble.services;

import io.caasoperator.pebble.events.PebbleListener;
import io.caasoperator.pebble.process.ProcessEnvironment;
import io.caasoperator.pebble.process.ProcessLauncher;
import io.caasoperator.pebble.timers.Timers;
import java.time.Clock;
import java.util.function.DoubleSupplier;

/**
 * What a {@link ServiceManager} runs its services with.
 *
 * @param launcher starts processes in their own process group
 * @param environment environment, user and working directory of each process
 * @param timers okay delay, backoff, kill delay
 * @param clock times of status changes and output lines
 * @param listener told of starts, stops, exits and shutdown requests
 * @param jitter a random fraction in [0, 1); backoff delays get up to 10% of it added, as in Pebble
 */
public record ServiceDependencies(
    ProcessLauncher launcher,
    ProcessEnvironment environment,
    Timers timers,
    Clock clock,
    PebbleListener listener,
    DoubleSupplier jitter) {}
