package io.caasoperator.unit;

import io.caasoperator.persistence.HookKind;
import io.caasoperator.persistence.PlannedHook;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.pekko.actor.typed.ActorRef;

/**
 * What one incarnation of a unit's actor knows that the journal does not, replaced whole on every
 * change. Deliberately not persisted: after a crash an interrupted hook runs again from its
 * HookStarted, and whoever waited for an exec was told it did not run.
 *
 * @param work what runs now
 * @param execs execs waiting for their turn
 * @param retryNow a failed hook's retry delay elapsed, or a user asked to retry
 * @param updateStatusDue the update-status interval elapsed since the last update-status
 * @param updateStatusInterval as the operator last sent it, null before; a restart of the actor in
 *     this JVM keeps it (the operator does not send it again)
 * @param draining the operator is shutting down: nothing new starts
 * @param drainWaiters who waits for the running process to end
 * @param actionWatchers by action id, who waits for that charm action to finish
 */
record Incarnation(
    Work work,
    ExecQueue execs,
    boolean retryNow,
    boolean updateStatusDue,
    Duration updateStatusInterval,
    boolean draining,
    List<ActorRef<UnitActor.Drained>> drainWaiters,
    Map<Long, List<ActorRef<ActionLookup>>> actionWatchers) {

  /** What a unit's actor is running. */
  sealed interface Work {
    /** Nothing. */
    record Idle() implements Work {}

    /**
     * A hook: its HookStarted is written (or being written), then its process runs.
     *
     * @param notReady how many times in a row it could not run yet (its pod was not ready)
     * @param writes its relation-set writes so far, journaled with its completion
     */
    record Hook(HookLauncher.Context context, int notReady, HookWrites writes) implements Work {
      /** A hook that wrote nothing yet. */
      Hook(HookLauncher.Context context, int notReady) {
        this(context, notReady, HookWrites.NONE);
      }
    }

    /**
     * A started hook whose pod could not take it yet: no process runs and no token works; the
     * unit's pod-wait timer or a container start launches it again with the same context id.
     */
    record AwaitingPod(String contextId, int notReady, String reason) implements Work {}

    /**
     * An exec: its ExecStarted is written (or being written), then its process runs.
     *
     * @param recorder collects what an action reports (null for a plain exec); confined to the
     *     actor
     */
    record Exec(
        HookLauncher.Context context, UnitActor.RunExec exec, ActionResult.Recorder recorder)
        implements Work {}

    /**
     * A charm action: its ActionStarted is written (or being written), then its process runs.
     *
     * @param recorder collects what it reports through its hook tools; confined to the actor
     */
    record Action(HookLauncher.Context context, long id, ActionResult.Recorder recorder)
        implements Work {}
  }

  static final Work IDLE = new Work.Idle();

  Incarnation {
    drainWaiters = List.copyOf(drainWaiters);
    actionWatchers = Map.copyOf(actionWatchers);
  }

  static Incarnation fresh() {
    return new Incarnation(IDLE, ExecQueue.EMPTY, false, false, null, false, List.of(), Map.of());
  }

  /** For {@link UnitResolver#next}. */
  UnitResolver.Activity activity() {
    return new UnitResolver.Activity(
        !(work instanceof Work.Idle),
        draining,
        !execs.isEmpty(),
        retryNow,
        updateStatusDue,
        execs.firstAfterAction());
  }

  /** Whether the process of {@code contextId} runs now: only then may its hook tools act. */
  boolean runs(String contextId) {
    return switch (work) {
      case Work.Hook hook -> hook.context().contextId().equals(contextId);
      case Work.Exec exec -> exec.context().contextId().equals(contextId);
      case Work.Action action -> action.context().contextId().equals(contextId);
      case Work.AwaitingPod waiting -> false;
      case Work.Idle idle -> false;
    };
  }

  /** Whether a process of this incarnation runs (a drain waits for it; not for a pod). */
  boolean processRuns() {
    return work instanceof Work.Hook || work instanceof Work.Exec || work instanceof Work.Action;
  }

  /** {@code hook} starts: the triggers it answers are used up. */
  Incarnation hookStarted(PlannedHook hook, HookLauncher.Context context) {
    return hookSkipped(hook).with(new Work.Hook(context, 0));
  }

  /** {@code hook} is recorded as skipped (the charm does not implement it): as if it ran. */
  Incarnation hookSkipped(PlannedHook hook) {
    boolean updateStatusStillDue = updateStatusDue && hook.kind() != HookKind.UPDATE_STATUS;
    return new Incarnation(
        work,
        execs,
        false,
        updateStatusStillDue,
        updateStatusInterval,
        draining,
        drainWaiters,
        actionWatchers);
  }

  /** The exec waiting longest starts. */
  Incarnation execStarted(HookLauncher.Context context) {
    UnitActor.RunExec exec = execs.first();
    Work running =
        new Work.Exec(context, exec, exec.action() == null ? null : new ActionResult.Recorder());
    return new Incarnation(
        running,
        execs.withoutFirst(),
        retryNow,
        updateStatusDue,
        updateStatusInterval,
        draining,
        drainWaiters,
        actionWatchers);
  }

  /** The charm action {@code id} starts in {@code context}. */
  Incarnation actionStarted(long id, HookLauncher.Context context) {
    return with(new Work.Action(context, id, new ActionResult.Recorder()));
  }

  /** {@code watcher} hears of action {@code id} once it finished. */
  Incarnation withActionWatcher(long id, ActorRef<ActionLookup> watcher) {
    Map<Long, List<ActorRef<ActionLookup>>> more = new HashMap<>(actionWatchers);
    List<ActorRef<ActionLookup>> watchers = new ArrayList<>(more.getOrDefault(id, List.of()));
    watchers.add(watcher);
    more.put(id, List.copyOf(watchers));
    return new Incarnation(
        work, execs, retryNow, updateStatusDue, updateStatusInterval, draining, drainWaiters, more);
  }

  /** Without the watchers of action {@code id} (they were answered). */
  Incarnation withoutActionWatchers(long id) {
    Map<Long, List<ActorRef<ActionLookup>>> fewer = new HashMap<>(actionWatchers);
    fewer.remove(id);
    return new Incarnation(
        work,
        execs,
        retryNow,
        updateStatusDue,
        updateStatusInterval,
        draining,
        drainWaiters,
        fewer);
  }

  Incarnation with(Work next) {
    return new Incarnation(
        next,
        execs,
        retryNow,
        updateStatusDue,
        updateStatusInterval,
        draining,
        drainWaiters,
        actionWatchers);
  }

  Incarnation withExecs(ExecQueue next) {
    return new Incarnation(
        work,
        next,
        retryNow,
        updateStatusDue,
        updateStatusInterval,
        draining,
        drainWaiters,
        actionWatchers);
  }

  Incarnation withRetryNow() {
    return new Incarnation(
        work,
        execs,
        true,
        updateStatusDue,
        updateStatusInterval,
        draining,
        drainWaiters,
        actionWatchers);
  }

  Incarnation withUpdateStatusDue() {
    return new Incarnation(
        work, execs, retryNow, true, updateStatusInterval, draining, drainWaiters, actionWatchers);
  }

  Incarnation withUpdateStatusInterval(Duration interval) {
    return new Incarnation(
        work, execs, retryNow, updateStatusDue, interval, draining, drainWaiters, actionWatchers);
  }

  /**
   * The operator shuts down: waiting execs are dropped (the caller refuses them), nothing new
   * starts.
   */
  Incarnation drainingNow() {
    return new Incarnation(
        work,
        ExecQueue.EMPTY,
        retryNow,
        updateStatusDue,
        updateStatusInterval,
        true,
        drainWaiters,
        actionWatchers);
  }

  Incarnation withDrainWaiter(ActorRef<UnitActor.Drained> waiter) {
    List<ActorRef<UnitActor.Drained>> more = new ArrayList<>(drainWaiters);
    more.add(waiter);
    return new Incarnation(
        work,
        execs,
        retryNow,
        updateStatusDue,
        updateStatusInterval,
        draining,
        more,
        actionWatchers);
  }

  Incarnation withoutDrainWaiters() {
    return new Incarnation(
        work,
        execs,
        retryNow,
        updateStatusDue,
        updateStatusInterval,
        draining,
        List.of(),
        actionWatchers);
  }

  /**
   * After the event-sourced behaviour restarted (a journal write failed) in the same actor: its
   * process was cancelled and its callers told, so nothing runs or waits any more; why hooks are
   * due, the interval and whether the operator shuts down still hold, and so do the watchers of
   * charm actions (an action that was running is recorded failed once the unit recovered).
   */
  Incarnation forgotten() {
    return new Incarnation(
        IDLE,
        ExecQueue.EMPTY,
        retryNow,
        updateStatusDue,
        updateStatusInterval,
        draining,
        List.of(),
        actionWatchers);
  }
}
