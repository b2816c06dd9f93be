package io.caasoperator.pebble.changes;

import java.util.List;

/**
 * A task to add to a new change: its kind and summary, the indexes (in the same change) of the
 * tasks it waits for, and the body that does the work on the change's own thread.
 */
public record PlannedTask(String kind, String summary, List<Integer> waitFor, Body body) {
  public PlannedTask {
    waitFor = List.copyOf(waitFor);
  }

  /** The work of a task; throws {@link TaskFailure} to fail it. */
  @FunctionalInterface
  public interface Body {
    void run(TaskContext context) throws TaskFailure, InterruptedException;
  }
}
