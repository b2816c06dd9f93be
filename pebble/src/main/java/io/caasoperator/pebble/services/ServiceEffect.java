package io.caasoperator.pebble.services;

import java.time.Duration;
import java.util.Optional;

/** What the service manager must do after a step of the {@link ServiceMachine}. */
public sealed interface ServiceEffect {
  /** Start the service's process; report back with Launched or LaunchFailed for this generation. */
  record Launch(long generation) implements ServiceEffect {}

  /** Send a signal to the process group of the current process. */
  record SignalGroup(int signal) implements ServiceEffect {}

  /** Feed {@code input} back after {@code delay} (backoff delays get up to 10% jitter added). */
  record Schedule(Duration delay, ServiceInput input) implements ServiceEffect {}

  /**
   * Answer the pending start request: empty is success, else the error and whether to show the
   * output tail.
   */
  record StartAnswered(Optional<String> error, boolean withOutput) implements ServiceEffect {}

  /** Answer the pending stop request: empty is success. */
  record StopAnswered(Optional<String> error) implements ServiceEffect {}

  /** A note for the task that asked ("Service "x" already started."). */
  record TaskNote(String message) implements ServiceEffect {}

  /** Report to the listener. */
  record Started(long pid) implements ServiceEffect {}

  record Stopped() implements ServiceEffect {}

  record ExitedByItself(int exitCode) implements ServiceEffect {}

  record ShutdownRequested(String reason) implements ServiceEffect {}
}
