package io.caasoperator.app.juju;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

/** Starts and stops the one operator process that runs a model, and finds it. */
public interface ModelOperators {

  /** Starts the model's operator in the background, detached from this command. */
  Started start(ModelDirectory model);

  /** The pid of the model's operator, when one runs. */
  Optional<Long> running(ModelDirectory model);

  /**
   * Stops the model's operator: asks it to stop (SIGTERM, it shuts down cleanly), and after {@code
   * grace} kills it and every process it started. Returns within {@code grace} plus a few seconds
   * whatever the operator does.
   */
  Stopped stop(ModelDirectory model, Duration grace);

  /** What {@link #start} did. */
  sealed interface Started {
    /** The operator runs as {@code pid}; its output goes to {@code log}. */
    record Running(long pid, Path log) implements Started {}

    /** Nothing was started, and why (said to the user as a note, not an error). */
    record NotStarted(String why) implements Started {}
  }

  /** What {@link #stop} did. */
  sealed interface Stopped {
    record NoneRunning() implements Stopped {}

    /** It stopped by itself once asked. */
    record Ended(long pid) implements Stopped {}

    /** It had to be killed after the grace period. */
    record Killed(long pid) implements Stopped {}

    /** Even killing it did not end it in time (a process stuck in the kernel). */
    record StillRunning(long pid) implements Stopped {}
  }
}
