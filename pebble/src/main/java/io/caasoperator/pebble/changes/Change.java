package io.caasoperator.pebble.changes;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * A change: what one API call asked for (start services, run a command), made of tasks
 * (state/change.go). Its status and error are computed from its tasks as Pebble computes them.
 */
public record Change(
    String id,
    String kind,
    String summary,
    Instant spawnTime,
    Optional<Instant> readyTime,
    List<Task> tasks,
    Map<String, Object> data) {

  public Change {
    tasks = List.copyOf(tasks);
    data = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(data));
  }

  /**
   * Doing while a task is to do or doing, else Error if one failed, else Hold if one was held, else
   * Done.
   */
  public TaskStatus status() {
    boolean pending = false;
    boolean error = false;
    boolean hold = false;
    boolean started = false;
    for (Task t : tasks) {
      switch (t.status()) {
        case DO -> pending = true;
        case DOING -> {
          pending = true;
          started = true;
        }
        case DONE -> started = true;
        case ERROR -> error = true;
        case HOLD -> hold = true;
      }
    }
    if (pending) {
      return started ? TaskStatus.DOING : TaskStatus.DO;
    }
    if (error) {
      return TaskStatus.ERROR;
    }
    return hold ? TaskStatus.HOLD : TaskStatus.DONE;
  }

  public boolean ready() {
    return status().ready();
  }

  /**
   * state/change.go {@code Change.Err}: {@code cannot perform the following tasks:\n- <summary>
   * (<error>)} for each error logged by a failed task; empty unless the change is in Error.
   */
  public Optional<String> err() {
    if (status() != TaskStatus.ERROR) {
      return Optional.empty();
    }
    StringBuilder b = new StringBuilder("cannot perform the following tasks:");
    for (Task t : tasks) {
      if (t.status() != TaskStatus.ERROR) {
        continue;
      }
      for (String e : t.errors()) {
        b.append("\n- ").append(t.summary()).append(" (").append(e).append(')');
      }
    }
    return Optional.of(b.toString());
  }

  public Change withTask(String taskId, UnaryOperator<Task> update, Instant now) {
    List<Task> next = new ArrayList<>(tasks.size());
    for (Task t : tasks) {
      next.add(t.id().equals(taskId) ? update.apply(t) : t);
    }
    Change changed = new Change(id, kind, summary, spawnTime, readyTime, next, data);
    return new Change(
        id,
        kind,
        summary,
        spawnTime,
        changed.ready() ? Optional.of(readyTime.orElse(now)) : Optional.empty(),
        next,
        data);
  }

  public Optional<Task> task(String taskId) {
    return tasks.stream().filter(t -> t.id().equals(taskId)).findFirst();
  }
}
