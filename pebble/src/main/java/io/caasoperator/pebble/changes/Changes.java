package io.caasoperator.pebble.changes;

import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.function.UnaryOperator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Every change of one Pebble, with sequential ids as Pebble gives them, and the runner that
 * performs a change's tasks in order on the executor (a virtual thread per change). A task whose
 * prerequisites did not all end Done is put on Hold, as Pebble holds the rest of a lane after an
 * error. Ready changes beyond {@link #MAX_READY} are forgotten, oldest first (Pebble prunes them
 * after a day).
 */
public final class Changes {
  static final int MAX_READY = 500;
  private static final Logger log = LoggerFactory.getLogger(Changes.class);

  private final Clock clock;
  private final Executor executor;
  private final Map<String, Change> changes = new LinkedHashMap<>();
  private final Map<String, CompletableFuture<Change>> readiness = new ConcurrentHashMap<>();
  private long lastChangeId;
  private long lastTaskId;

  /**
   * @param clock spawn and ready times
   * @param executor runs each change's tasks; blocking is expected (services waiting to stay up,
   *     commands)
   */
  public Changes(Clock clock, Executor executor) {
    this.clock = clock;
    this.executor = executor;
  }

  /**
   * Records a new change and starts performing its tasks; answers it as it is now (ids assigned).
   */
  public Change submit(
      String kind, String summary, Map<String, Object> data, List<PlannedTask> planned) {
    Change created;
    synchronized (this) {
      String id = Long.toString(++lastChangeId);
      List<Task> tasks = new ArrayList<>();
      for (PlannedTask p : planned) {
        List<String> waitFor = p.waitFor().stream().map(i -> tasks.get(i).id()).toList();
        tasks.add(
            Task.create(
                Long.toString(++lastTaskId), p.kind(), p.summary(), clock.instant(), waitFor));
      }
      created =
          new Change(
              id,
              kind,
              summary,
              clock.instant(),
              tasks.isEmpty() ? Optional.of(clock.instant()) : Optional.empty(),
              tasks,
              data);
      changes.put(id, created);
      readiness.put(id, new CompletableFuture<>());
      prune();
    }
    if (planned.isEmpty()) {
      readiness.get(created.id()).complete(created);
    } else {
      executor.execute(() -> perform(created.id(), planned));
    }
    return created;
  }

  public synchronized Optional<Change> get(String id) {
    return Optional.ofNullable(changes.get(id));
  }

  public synchronized List<Change> all() {
    return List.copyOf(changes.values());
  }

  /** The change holding the task with this id, if any. */
  public synchronized Optional<Change> changeOfTask(String taskId) {
    return changes.values().stream().filter(c -> c.task(taskId).isPresent()).findFirst();
  }

  /** Completes when the change is ready (at once if it is); empty for an unknown id. */
  public Optional<CompletableFuture<Change>> whenReady(String id) {
    return Optional.ofNullable(readiness.get(id));
  }

  private void perform(String changeId, List<PlannedTask> planned) {
    Change change = get(changeId).orElseThrow();
    for (int i = 0; i < planned.size(); i++) {
      Task task = get(changeId).orElseThrow().tasks().get(i);
      String taskId = task.id();
      boolean blocked =
          task.waitFor().stream()
              .anyMatch(
                  w ->
                      get(changeId)
                          .orElseThrow()
                          .task(w)
                          .map(t -> t.status() != TaskStatus.DONE)
                          .orElse(true));
      if (blocked) {
        updateTask(changeId, taskId, t -> t.withStatus(TaskStatus.HOLD, clock.instant()));
        continue;
      }
      updateTask(changeId, taskId, t -> t.withStatus(TaskStatus.DOING, clock.instant()));
      TaskContext context =
          new TaskContext() {
            @Override
            public String taskId() {
              return taskId;
            }

            @Override
            public void log(String message) {
              updateTask(changeId, taskId, t -> t.withLog(clock.instant(), false, message));
            }

            @Override
            public void setData(String key, Object value) {
              updateTask(changeId, taskId, t -> t.withData(key, value));
            }
          };
      try {
        planned.get(i).body().run(context);
        updateTask(changeId, taskId, t -> t.withStatus(TaskStatus.DONE, clock.instant()));
      } catch (TaskFailure e) {
        updateTask(
            changeId,
            taskId,
            t ->
                t.withLog(clock.instant(), true, e.getMessage())
                    .withStatus(TaskStatus.ERROR, clock.instant()));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        updateTask(
            changeId,
            taskId,
            t ->
                t.withLog(clock.instant(), true, "interrupted")
                    .withStatus(TaskStatus.ERROR, clock.instant()));
      } catch (RuntimeException e) {
        log.warn("change {} task {} ({}) failed unexpectedly", changeId, taskId, task.summary(), e);
        updateTask(
            changeId,
            taskId,
            t ->
                t.withLog(clock.instant(), true, "internal error: " + e)
                    .withStatus(TaskStatus.ERROR, clock.instant()));
      }
    }
    Change done = get(changeId).orElse(change);
    readiness.get(changeId).complete(done);
  }

  private void updateTask(String changeId, String taskId, UnaryOperator<Task> update) {
    synchronized (this) {
      changes.computeIfPresent(changeId, (id, c) -> c.withTask(taskId, update, clock.instant()));
    }
  }

  private void prune() {
    List<Change> ready =
        changes.values().stream()
            .filter(Change::ready)
            .sorted(Comparator.comparing(Change::spawnTime))
            .toList();
    for (int i = 0; i < ready.size() - MAX_READY; i++) {
      changes.remove(ready.get(i).id());
      readiness.remove(ready.get(i).id());
    }
  }
}
