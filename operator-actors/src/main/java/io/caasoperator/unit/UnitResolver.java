package io.caasoperator.unit;

import io.caasoperator.action.ActionReport;
import io.caasoperator.config.ConfigResolver;
import io.caasoperator.domain.DurationText;
import io.caasoperator.domain.Life;
import io.caasoperator.hook.ProcessResult;
import io.caasoperator.leadership.LeadershipResolver;
import io.caasoperator.lifecycle.LifecycleResolver;
import io.caasoperator.persistence.ActionMessage;
import io.caasoperator.persistence.ActionStatus;
import io.caasoperator.persistence.HookKind;
import io.caasoperator.persistence.PlannedHook;
import io.caasoperator.persistence.UnitEvent.ActionFinished;
import io.caasoperator.persistence.UnitEvent.HookCompleted;
import io.caasoperator.persistence.UnitEvent.HookFailed;
import io.caasoperator.persistence.UnitState;
import io.caasoperator.relation.RelationResolver;
import io.caasoperator.resolve.HookSource;
import io.caasoperator.secret.SecretHookResolver;
import io.caasoperator.storage.StorageResolver;
import io.caasoperator.workload.PebbleNoticeResolver;
import io.caasoperator.workload.PebbleReadyResolver;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Decides a unit's next step from its state and what its actor is doing, in the order charm authors
 * expect. First what belongs to the unit as a whole: a hook interrupted by a restart runs again;
 * waiting charm actions and execs go before the next hook, in the order they arrived; a failed hook
 * waits for its retry; install; upgrade-charm when the charm changed. Then the features' hook
 * sources ({@link HookSource}), in one priority order stated once: {@link #ALIVE} for an alive unit
 * (relation-created, leadership, config-changed, start, relation hooks, pebble-ready, Pebble
 * notices, secrets, storage-attached; update-status when nothing else is due), {@link #DYING} for a
 * dying one (departures, storage-detaching, stop, remove). And how a hook's or an action's run
 * ends. Pure, so the order is unit-tested without actors or processes.
 */
public final class UnitResolver {
  private UnitResolver() {}

  /**
   * What the unit's actor knows beyond the journal.
   *
   * @param busy a hook or exec of this incarnation of the actor runs, is being started, or waits
   *     for its pod
   * @param draining the operator is shutting down: start nothing more
   * @param execWaiting an exec waits for its turn
   * @param retryNow the retry delay of a failed hook elapsed, or a user asked to retry
   * @param updateStatusDue the update-status interval elapsed since the last one
   * @param execAfterAction the id of the last charm action that was waiting when the first waiting
   *     exec arrived (0: none): actions up to it go first, later ones after the exec
   */
  public record Activity(
      boolean busy,
      boolean draining,
      boolean execWaiting,
      boolean retryNow,
      boolean updateStatusDue,
      long execAfterAction) {
    /** Nothing runs, waits or is due. */
    public static final Activity IDLE = new Activity(false, false, false, false, false, 0);

    /** A waiting exec, if any, came after every action waiting now. */
    public Activity(
        boolean busy,
        boolean draining,
        boolean execWaiting,
        boolean retryNow,
        boolean updateStatusDue) {
      this(busy, draining, execWaiting, retryNow, updateStatusDue, Long.MAX_VALUE);
    }
  }

  /** What the unit does next. */
  public sealed interface Next {
    /** Run a hook (persist HookStarted first); switch the charm view first when asked. */
    record Run(PlannedHook hook, int attempt, boolean switchCharm) implements Next {}

    /**
     * Point the charm view at the assigned charm without a hook (the unit is not installed yet).
     */
    record SwitchCharm() implements Next {}

    /**
     * Dying before anything was installed: nothing to stop or remove. Actions still waiting never
     * run: they are cancelled.
     */
    record Die() implements Next {}

    /** Run the exec that waits longest (ExecStarted first): execs go before the next hook. */
    record Exec() implements Next {}

    /**
     * Run the charm action {@code id}, the oldest waiting (ActionStarted first): actions go before
     * the next hook, in arrival order with execs.
     */
    record RunAction(long id) implements Next {}

    /**
     * The action {@code id} was running when the operator (or the unit's actor) restarted: it is
     * recorded failed and never run again, as Juju does ({@code worker/uniter/actions/resolver.go}:
     * "the only safe thing to do is fail the action, since rerunning an arbitrary command can
     * potentially be hazardous").
     */
    record AbandonAction(long id) implements Next {}

    /** Nothing to do now: busy, idle, waiting for a charm, or waiting to retry a failed hook. */
    record Wait() implements Next {}
  }

  private static final Next WAIT = new Next.Wait();

  /**
   * The hook sources of an installed, alive unit, in the order their hooks go: the first that names
   * a hook wins. As Juju's uniter resolver ({@code internal/worker/uniter/resolver.go}): created
   * relations and leadership first ({@code NextOp}), config-changed before the relation hooks
   * ({@code nextOp}), update-status when nothing else needs to. Unlike Juju, which asks its
   * workload, secrets and storage resolvers before config-changed, their hooks come after start and
   * the relation hooks here: a charm hears of its containers, secrets and storage once it has
   * started, in one order on every substrate.
   */
  static final List<HookSource> ALIVE =
      List.of(
          RelationResolver::created,
          LeadershipResolver::next,
          ConfigResolver::next,
          LifecycleResolver::start,
          RelationResolver::changes,
          PebbleReadyResolver::next,
          PebbleNoticeResolver::next,
          SecretHookResolver::next,
          StorageResolver::attached);

  /**
   * The hook sources of an installed, dying unit, in order: it departs its relations and detaches
   * its storage (Juju's storage resolver comes before the dying unit's stop), then stops and is
   * removed. The last always names a hook.
   */
  static final List<HookSource> DYING =
      List.of(
          RelationResolver::departures, StorageResolver::detaching, LifecycleResolver::teardown);

  /** The step the unit {@code s} takes next, while its actor is doing {@code now}. */
  public static Next next(UnitState s, Activity now) {
    if (s.isDead() || now.busy() || now.draining()) return WAIT;
    if (s.running() != null) {
      // HookStarted without an end: the process was interrupted (crash, restart); run it again,
      // before any exec: nothing may run between a hook's start and its end.
      return new Next.Run(s.running().hook(), s.running().attempt(), false);
    }
    if (s.actions().running() != null) return new Next.AbandonAction(s.actions().running().id());
    List<UnitState.UnitAction> waiting = s.actions().pending();
    UnitState.UnitAction action =
        actionsMayRun(s) && !waiting.isEmpty() ? waiting.getFirst() : null;
    if (now.execWaiting() && (action == null || action.id() > now.execAfterAction()))
      return new Next.Exec();
    if (action != null) return new Next.RunAction(action.id());
    if (s.charmInUse() == null) return WAIT;
    boolean newCharm = s.assigned().charm().generation() > s.charmInUse().generation();
    if (s.failed() != null) {
      // A new charm may fix the failure: switch to it and retry at once.
      if (!now.retryNow() && !newCharm) return WAIT;
      PlannedHook again = refreshed(s.failed().hook(), s);
      return new Next.Run(again, s.failed().attempt() + 1, newCharm);
    }
    if (!s.progress().installed()) {
      if (s.life() == Life.DYING) return new Next.Die();
      if (newCharm) return new Next.SwitchCharm();
      return new Next.Run(HookSource.plain(HookKind.INSTALL, s), 1, false);
    }
    if (s.life() == Life.ALIVE && s.progress().upgradedTo() < s.assigned().charm().generation()) {
      return new Next.Run(
          PlannedHook.of(
              HookKind.UPGRADE_CHARM,
              s.assigned().charm().generation(),
              s.assigned().configGeneration()),
          1,
          newCharm);
    }
    for (HookSource source : s.life() == Life.DYING ? DYING : ALIVE) {
      Optional<PlannedHook> hook = source.next(s);
      if (hook.isPresent()) return new Next.Run(hook.get(), 1, false);
    }
    if (now.updateStatusDue())
      return new Next.Run(HookSource.plain(HookKind.UPDATE_STATUS, s), 1, false);
    return WAIT;
  }

  /**
   * Whether waiting actions may run now. Like Juju's actions resolver: not before the unit is
   * installed, nor while it is alive and its charm is about to be upgraded (upgrade-charm runs
   * first: {@code localState.OutdatedRemoteCharm}); they may while a hook is failed, and do not
   * clear the error. A dying unit runs them before {@code stop} (it upgrades no more); one that
   * dies before it was installed never runs them (see {@link Next.Die}).
   */
  static boolean actionsMayRun(UnitState s) {
    if (s.charmInUse() == null || !s.progress().installed()) return false;
    boolean upgradeDue = s.assigned().charm().generation() > s.charmInUse().generation();
    return !(s.life() == Life.ALIVE && upgradeDue);
  }

  /** How a started hook's run ends. */
  sealed interface HookEnd {
    /** It succeeded: the unit moves on. */
    record Completed(HookCompleted event) implements HookEnd {}

    /**
     * It failed: the unit shows {@code event}'s reason and retries after its retry delay.
     *
     * @param stderr what the hook wrote to stderr, for the log (empty when it did not run)
     */
    record Failed(HookFailed event, String stderr) implements HookEnd {}

    /**
     * The hook did not run (to an end): its pod cannot take it yet. It stays started (no failure is
     * recorded) and runs again, with the same context, after {@code delay} or when a container of
     * the unit starts, whichever comes first.
     *
     * @param notReady how many times in a row it could not run
     */
    record AwaitPod(Duration delay, int notReady, String reason) implements HookEnd {}
  }

  /**
   * How the run of {@code running}, which ended with {@code outcome} at {@code now}, ends.
   *
   * @param notReadyBefore how many times in a row it could not run before this run
   * @param podWait how long to wait for the pod, how often
   * @param hookTimeout the timeout the hook ran with, for the reason of a hook that exceeded it
   */
  static HookEnd hookEnded(
      UnitState.RunningHook running,
      HookLauncher.Outcome outcome,
      int notReadyBefore,
      PodWait podWait,
      Duration hookTimeout,
      Instant now) {
    String hook = running.hook().name();
    long millis = Duration.between(running.startedAt(), now).toMillis();
    return switch (outcome) {
      case HookLauncher.Outcome.NotReady notReady
          when podWait.delayAfter(notReadyBefore + 1).isPresent() ->
          new HookEnd.AwaitPod(
              podWait.delayAfter(notReadyBefore + 1).get(), notReadyBefore + 1, notReady.reason());
      case HookLauncher.Outcome.NotReady notReady ->
          new HookEnd.Failed(
              new HookFailed(hook, -1, "hook could not start: " + notReady.reason(), millis, now),
              "");
      case HookLauncher.Outcome.Ran ran when ran.result().succeeded() ->
          new HookEnd.Completed(new HookCompleted(hook, millis, now));
      case HookLauncher.Outcome.Ran ran ->
          new HookEnd.Failed(
              new HookFailed(
                  hook, ran.result().exitCode(), failure(ran.result(), hookTimeout), millis, now),
              ran.result().stderr());
      case HookLauncher.Outcome.Broken broken ->
          new HookEnd.Failed(
              new HookFailed(hook, -1, "hook could not run: " + broken.reason(), millis, now), "");
    };
  }

  /** What an action interrupted by a restart is recorded with. */
  static final String INTERRUPTED =
      "action interrupted by an operator restart; it is not run again";

  /**
   * How the run of the action {@code running}, which ended with {@code outcome} at {@code now}, is
   * recorded; {@code recorder} holds what its {@code action-set}, {@code action-log} and {@code
   * action-fail} calls reported. As Juju's runner and context do it ({@code
   * worker/uniter/runner/runner.go} {@code updateActionResults}, {@code
   * worker/uniter/runner/context/context.go} {@code finalizeAction}): the results get {@code
   * return-code}, and {@code stdout}/{@code stderr} when not empty; the action failed when it
   * exited non-zero (the exit status is then the message, over an {@code action-fail} message) or
   * called {@code action-fail}.
   *
   * @param timeout the timeout it ran with, for the message of one that exceeded it
   */
  static ActionFinished actionEnded(
      UnitState.UnitAction running,
      HookLauncher.Outcome outcome,
      ActionReport recorder,
      Duration timeout,
      Instant now) {
    Map<String, Object> results = new LinkedHashMap<>(recorder.results());
    List<ActionMessage> log = recorder.messages();
    String failure =
        switch (outcome) {
          case HookLauncher.Outcome.Ran ran when ran.result().startFailure() != null ->
              "action could not start: " + ran.result().startFailure();
          case HookLauncher.Outcome.Ran ran -> {
            ProcessResult r = ran.result();
            results.put("return-code", r.exitCode());
            if (!r.stdout().isEmpty()) results.put("stdout", r.stdout());
            String stderr = r.truncated() ? r.stderr() + OUTPUT_CUT : r.stderr();
            if (!stderr.isEmpty()) results.put("stderr", stderr);
            yield r.timedOut()
                ? "action timed out after " + DurationText.format(timeout)
                : r.exitCode() != 0
                    ? "exit status " + r.exitCode()
                    : recorder.failure().orElse(null);
          }
          case HookLauncher.Outcome.NotReady notReady ->
              "action could not run: the unit is not ready: " + notReady.reason();
          case HookLauncher.Outcome.Broken broken -> "action could not run: " + broken.reason();
        };
    return new ActionFinished(
        running.id(),
        failure == null ? ActionStatus.COMPLETED : ActionStatus.FAILED,
        failure == null ? "" : failure,
        results,
        log,
        now);
  }

  /** Appended to an action's stderr when its output went over the limit kept in the journal. */
  static final String OUTPUT_CUT =
      "\n(caas-operator: output beyond "
          + (HookLauncher.ACTION_OUTPUT_LIMIT / 1024)
          + " KiB per stream was dropped)";

  /** Why a hook that ran failed, as the unit's status shows it. */
  private static String failure(ProcessResult result, Duration hookTimeout) {
    if (result.startFailure() != null) return "hook could not start: " + result.startFailure();
    if (result.timedOut()) return "hook timed out after " + DurationText.format(hookTimeout);
    return "exit status " + result.exitCode();
  }

  /** A retried hook runs with what is assigned now (the newest charm and config). */
  private static PlannedHook refreshed(PlannedHook hook, UnitState s) {
    long charm = Math.max(hook.charmGeneration(), s.assigned().charm().generation());
    return hook.withGenerations(
        charm, s.assigned().configGeneration(), s.assigned().leaderSettingsGeneration());
  }
}
