package io.caasoperator.pebble.changes;

/**
 * Thrown by a task body: the task ends in Error with this message logged, as Pebble's task handlers
 * return errors.
 */
public final class TaskFailure extends Exception {
  private static final long serialVersionUID = 1L;

  public TaskFailure(String message) {
    super(message);
  }
}
