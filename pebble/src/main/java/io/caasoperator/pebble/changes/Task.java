package io.caasoperator.pebble.changes;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One step of a change (start a service, stop one, run a command). {@code log} holds
 * Pebble-formatted entries ({@code <RFC3339> INFO|ERROR message}, at most 10), {@code data} is what
 * the API shows as the task's {@code data} (exec's {@code exit-code}), {@code waitFor} the tasks
 * that must be Done before this one runs.
 */
public record Task(
    String id,
    String kind,
    String summary,
    TaskStatus status,
    List<String> log,
    Instant spawnTime,
    Optional<Instant> readyTime,
    Map<String, Object> data,
    List<String> waitFor) {

  private static final int MAX_LOG = 10;

  public Task {
    log = List.copyOf(log);
    data = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(data));
    waitFor = List.copyOf(waitFor);
  }

  public static Task create(
      String id, String kind, String summary, Instant now, List<String> waitFor) {
    return new Task(
        id, kind, summary, TaskStatus.DO, List.of(), now, Optional.empty(), Map.of(), waitFor);
  }

  public Task withStatus(TaskStatus next, Instant now) {
    return new Task(
        id,
        kind,
        summary,
        next,
        log,
        spawnTime,
        next.ready() ? Optional.of(now) : Optional.empty(),
        data,
        waitFor);
  }

  /** Adds a log entry as Pebble's {@code Task.Logf}/{@code Errorf} do, keeping the last ten. */
  public Task withLog(Instant now, boolean error, String message) {
    List<String> next = new ArrayList<>(log);
    next.add(
        now.truncatedTo(java.time.temporal.ChronoUnit.SECONDS)
            + (error ? " ERROR " : " INFO ")
            + message);
    while (next.size() > MAX_LOG) {
      next.remove(0);
    }
    return new Task(id, kind, summary, status, next, spawnTime, readyTime, data, waitFor);
  }

  public Task withData(String key, Object value) {
    Map<String, Object> next = new LinkedHashMap<>(data);
    next.put(key, value);
    return new Task(id, kind, summary, status, log, spawnTime, readyTime, next, waitFor);
  }

  /**
   * The messages logged as errors, without their time and kind (state/change.go {@code
   * stripErrorMsg}).
   */
  public List<String> errors() {
    List<String> out = new ArrayList<>();
    for (String entry : log) {
      int space = entry.indexOf(' ');
      if (space >= 0 && entry.startsWith(" ERROR ", space)) {
        out.add(entry.substring(space + " ERROR ".length()));
      }
    }
    return out;
  }
}
