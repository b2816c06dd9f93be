package io.caasoperator.pebble.changes;

/** What a running task body may do to its own task. */
public interface TaskContext {
  String taskId();

  /** Adds an INFO entry to the task's log. */
  void log(String message);

  /** Sets a field of the task's API data ({@code exit-code} for exec). */
  void setData(String key, Object value);
}
