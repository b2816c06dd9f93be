package io.caasoperator.unit;

import io.caasoperator.action.ActionLookup;
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
 * change: a value the actor alone holds, which its command handlers take and return in a {@link
 * Step}. Deliberately not persisted: after a crash an interrupted hook runs again from its
 * HookStarted (and drafts its changes again), and whoever waited for an exec was told it did not
 * run.
 *
 * @param work what runs now, with what its hook tools drafted ({@link ContextDraft})
 * @param execs execs waiting for their turn
 * @param due why hooks are due that the journal does not say
 * @param drain whether the operator shuts down, and who waits for the running process to end
 * @param actionWatchers by action id, who waits for that charm action to finish
 */
record Incarnation(
    Work work,
    ExecQueue execs,
    Due due,
    Drain drain,
    Map<Long, List<ActorRef<ActionLookup>>> actionWatchers) {

  /**
   * @param retryNow a failed hook's retry delay elapsed, or a user asked to retry
   * @param updateStatusDue the update-status interval elapsed since the last update-status
   * @param updateStatusInterval as the operator last sent it, null before; a restart of the actor
   *     in this JVM keeps it (the operator does not send it again)
   */
  record Due(boolean retryNow, boolean updateStatusDue, Duration updateStatusInterval) {
    static final Due NONE = new Due(false, false, null);
  }

  /**
   * @param draining the operator is shutting down: nothing new starts
   * @param waiters who waits for the running process to end
   */
  record Drain(boolean draining, List<ActorRef<UnitActor.Drained>> waiters) {
    static final Drain NONE = new Drain(false, List.of());

    Drain {
      waiters = List.copyOf(waiters);
    }
  }

  /** What a unit's actor is running. */
  sealed interface Work {
    /** Nothing. */
    record Idle() implements Work {}

    /**
     * A process of the unit (a hook, an exec, a charm action): only its context may call hook
     * tools, and what they change waits in its draft for its end.
     */
    sealed interface Process extends Work {
      HookLauncher.Context context();

      ContextDraft draft();

      /** The same process with {@code next} as its draft. */
      Process with(ContextDraft next);
    }

    /**
     * A hook: its HookStarted is written (or being written), then its process runs.
     *
     * @param notReady how many times in a row it could not run yet (its pod was not ready)
     * @param draft its secret changes and relation writes so far, committed and journaled with its
     *     completion
     */
    record Hook(HookLauncher.Context context, int notReady, ContextDraft draft) implements Process {
      /** A hook that drafted nothing yet. */
      Hook(HookLauncher.Context context, int notReady) {
        this(context, notReady, ContextDraft.HOOK);
      }

      @Override
      public Hook with(ContextDraft next) {
        return new Hook(context, notReady, next);
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
     * @param draft its secret changes and (when it runs an action) what the action reported so far
     */
    record Exec(HookLauncher.Context context, UnitActor.RunExec exec, ContextDraft draft)
        implements Process {
      @Override
      public Exec with(ContextDraft next) {
        return new Exec(context, exec, next);
      }
    }

    /**
     * A charm action: its ActionStarted is written (or being written), then its process runs.
     *
     * @param draft its secret changes and what it reported through its hook tools so far
     */
    record Action(HookLauncher.Context context, long id, ContextDraft draft) implements Process {
      @Override
      public Action with(ContextDraft next) {
        return new Action(context, id, next);
      }
    }
  }

  static final Work IDLE = new Work.Idle();

  Incarnation {
    actionWatchers = Map.copyOf(actionWatchers);
  }

  static Incarnation fresh() {
    return new Incarnation(IDLE, ExecQueue.EMPTY, Due.NONE, Drain.NONE, Map.of());
  }

  boolean draining() {
    return drain.draining();
  }

  List<ActorRef<UnitActor.Drained>> drainWaiters() {
    return drain.waiters();
  }

  boolean retryNow() {
    return due.retryNow();
  }

  boolean updateStatusDue() {
    return due.updateStatusDue();
  }

  Duration updateStatusInterval() {
    return due.updateStatusInterval();
  }

  /** For {@link UnitResolver#next}. */
  UnitResolver.Activity activity() {
    return new UnitResolver.Activity(
        !(work instanceof Work.Idle),
        draining(),
        !execs.isEmpty(),
        retryNow(),
        updateStatusDue(),
        execs.firstAfterAction());
  }

  /** Whether the process of {@code contextId} runs now: only then may its hook tools act. */
  boolean runs(String contextId) {
    return work instanceof Work.Process process && process.context().contextId().equals(contextId);
  }

  /** Whether a process of this incarnation runs (a drain waits for it; not for a pod). */
  boolean processRuns() {
    return work instanceof Work.Process;
  }

  /** {@code hook} starts: the triggers it answers are used up. */
  Incarnation hookStarted(PlannedHook hook, HookLauncher.Context context) {
    return hookSkipped(hook).with(new Work.Hook(context, 0));
  }

  /** {@code hook} is recorded as skipped (the charm does not implement it): as if it ran. */
  Incarnation hookSkipped(PlannedHook hook) {
    boolean updateStatusStillDue = updateStatusDue() && hook.kind() != HookKind.UPDATE_STATUS;
    return with(new Due(false, updateStatusStillDue, updateStatusInterval()));
  }

  /** The exec waiting longest starts. */
  Incarnation execStarted(HookLauncher.Context context) {
    UnitActor.RunExec exec = execs.first();
    Work running = new Work.Exec(context, exec, ContextDraft.PROCESS);
    return new Incarnation(running, execs.withoutFirst(), due, drain, actionWatchers);
  }

  /** The charm action {@code id} starts in {@code context}. */
  Incarnation actionStarted(long id, HookLauncher.Context context) {
    return with(new Work.Action(context, id, ContextDraft.PROCESS));
  }

  /** {@code watcher} hears of action {@code id} once it finished. */
  Incarnation withActionWatcher(long id, ActorRef<ActionLookup> watcher) {
    Map<Long, List<ActorRef<ActionLookup>>> more = new HashMap<>(actionWatchers);
    List<ActorRef<ActionLookup>> watchers = new ArrayList<>(more.getOrDefault(id, List.of()));
    watchers.add(watcher);
    more.put(id, List.copyOf(watchers));
    return new Incarnation(work, execs, due, drain, more);
  }

  /** Without the watchers of action {@code id} (they were answered). */
  Incarnation withoutActionWatchers(long id) {
    Map<Long, List<ActorRef<ActionLookup>>> fewer = new HashMap<>(actionWatchers);
    fewer.remove(id);
    return new Incarnation(work, execs, due, drain, fewer);
  }

  Incarnation with(Work next) {
    return new Incarnation(next, execs, due, drain, actionWatchers);
  }

  Incarnation withExecs(ExecQueue next) {
    return new Incarnation(work, next, due, drain, actionWatchers);
  }

  private Incarnation with(Due next) {
    return new Incarnation(work, execs, next, drain, actionWatchers);
  }

  private Incarnation with(Drain next) {
    return new Incarnation(work, execs, due, next, actionWatchers);
  }

  Incarnation withRetryNow() {
    return with(new Due(true, updateStatusDue(), updateStatusInterval()));
  }

  Incarnation withUpdateStatusDue() {
    return with(new Due(retryNow(), true, updateStatusInterval()));
  }

  Incarnation withUpdateStatusInterval(Duration interval) {
    return with(new Due(retryNow(), updateStatusDue(), interval));
  }

  /**
   * The operator shuts down: waiting execs are dropped (the caller refuses them), nothing new
   * starts.
   */
  Incarnation drainingNow() {
    return withExecs(ExecQueue.EMPTY).with(new Drain(true, drainWaiters()));
  }

  Incarnation withDrainWaiter(ActorRef<UnitActor.Drained> waiter) {
    List<ActorRef<UnitActor.Drained>> more = new ArrayList<>(drainWaiters());
    more.add(waiter);
    return with(new Drain(draining(), more));
  }

  Incarnation withoutDrainWaiters() {
    return with(new Drain(draining(), List.of()));
  }

  /**
   * After the event-sourced behaviour restarted (a journal write failed) in the same actor: its
   * process was cancelled and its callers told, so nothing runs or waits any more; why hooks are
   * due, the interval and whether the operator shuts down still hold, and so do the watchers of
   * charm actions (an action that was running is recorded failed once the unit recovered).
   */
  Incarnation forgotten() {
    return new Incarnation(IDLE, ExecQueue.EMPTY, due, drain, actionWatchers).withoutDrainWaiters();
  }
}
