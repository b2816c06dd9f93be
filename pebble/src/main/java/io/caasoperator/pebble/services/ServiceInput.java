package io.caasoperator.pebble.services;

import io.caasoperator.pebble.plan.ServiceAction;

/**
 * What happens to a service: requests from changes, process outcomes and timers. Timer and process
 * inputs carry the generation of the process they concern; the machine ignores those of an older
 * process.
 */
public sealed interface ServiceInput {
  record Start() implements ServiceInput {}

  record Stop() implements ServiceInput {}

  record Launched(long generation, long pid) implements ServiceInput {}

  record LaunchFailed(long generation, String error) implements ServiceInput {}

  record Exited(long generation, int exitCode) implements ServiceInput {}

  record OkayDelayElapsed(long generation) implements ServiceInput {}

  record BackoffElapsed(long generation) implements ServiceInput {}

  record TerminateDelayElapsed(long generation) implements ServiceInput {}

  record KillDelayElapsed(long generation) implements ServiceInput {}

  record BackoffResetElapsed(long generation) implements ServiceInput {}

  record CheckFailed(ServiceAction action) implements ServiceInput {}
}
