package io.caasoperator.unit;

import io.caasoperator.domain.DurationText;
import io.caasoperator.hook.ProcessResult;
import io.caasoperator.persistence.ActionStatus;
import io.caasoperator.persistence.PlannedHook;
import io.caasoperator.persistence.UnitEvent;
import io.caasoperator.persistence.UnitEvent.ActionFinished;
import io.caasoperator.persistence.UnitEvent.ExecCompleted;
import io.caasoperator.persistence.UnitEvent.HookFailed;
import io.caasoperator.persistence.UnitState;
import io.caasoperator.persistence.secret.SecretTrigger;
import io.caasoperator.secret.SecretChange;
import io.caasoperator.secret.SecretStore;
import io.caasoperator.unit.Incarnation.Work;
import io.caasoperator.unit.UnitActor.PodWaitOver;
import io.caasoperator.unit.UnitActor.ProcessEnded;
import io.caasoperator.unit.UnitActor.SecretsCommitted;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.pekko.persistence.typed.javadsl.EffectFactories;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Records how a {@link UnitActor}'s hook, exec or action process ended: a hook's outcome once its
 * secret changes are committed (or it waits for its pod, and runs again), an exec's result to its
 * caller at once, an action's to its watchers once it is in the journal.
 */
record ProcessEndings(
    UnitRuntime runtime,
    UnitSteps steps,
    EffectFactories<UnitEvent, UnitState> effect,
    AfterPersist after) {
  private static final Logger log = LoggerFactory.getLogger(UnitActor.class);

  /** A commit waits for one journal write: far below this unless the journal is in trouble. */
  private static final Duration SECRET_COMMIT_TIMEOUT = Duration.ofSeconds(30);

  Step onProcessEnded(UnitState state, Incarnation incarnation, ProcessEnded ended) {
    return switch (incarnation.work()) {
      case Work.Hook hook when hook.context().equals(ended.context()) ->
          hookEnded(state, incarnation, hook, ended.outcome());
      case Work.Exec exec when exec.context().equals(ended.context()) ->
          execEnded(incarnation, exec, ended.outcome());
      case Work.Action action when action.context().equals(ended.context()) ->
          actionEnded(state, incarnation, action, ended.outcome());
      // A process of an earlier incarnation: its hook runs again (or ran again already).
      case Work.Hook other -> new Step(incarnation, effect.none());
      case Work.Exec other -> new Step(incarnation, effect.none());
      case Work.Action other -> new Step(incarnation, effect.none());
      case Work.AwaitingPod waiting -> new Step(incarnation, effect.none());
      case Work.Idle idle -> new Step(incarnation, effect.none());
    };
  }

  /** The started hook that waited for its pod runs again, in the same context (its HookStarted). */
  Step onPodWaitOver(UnitState state, Incarnation incarnation, PodWaitOver cmd) {
    if (!(incarnation.work() instanceof Work.AwaitingPod waiting)
        || !waiting.contextId().equals(cmd.contextId())
        || incarnation.draining()) {
      // ended early by a container start, or the operator shuts down
      return new Step(incarnation, effect.none());
    }
    runtime.timers.cancel(UnitRuntime.POD_WAIT_TIMER);
    HookLauncher.Context context = runtime.launcher.again(waiting.contextId());
    runtime.pipe(
        context, runtime.launcher.hook(context, state.running().hook(), state.charmInUse()));
    return new Step(incarnation.with(new Work.Hook(context, waiting.notReady())), effect.none());
  }

  Step onSecretsCommitted(UnitState state, Incarnation incarnation, SecretsCommitted done) {
    if (!(incarnation.work() instanceof Work.Hook hook) || !hook.context().equals(done.context()))
      return new Step(incarnation, effect.none());
    if (done.failure() == null) return recordHookEnd(state, incarnation, hook, done.outcome());
    log.warn(
        "unit {} hook {}: cannot apply its secret changes: {}",
        runtime.unit,
        state.running() == null ? "?" : state.running().hook().name(),
        done.failure());
    return recordHookEnd(
        state,
        incarnation,
        hook,
        new HookLauncher.Outcome.Broken("cannot apply changes: " + done.failure()));
  }

  private Step hookEnded(
      UnitState state, Incarnation incarnation, Work.Hook ran, HookLauncher.Outcome outcome) {
    List<SecretChange> secretChanges = ran.draft().secretChanges();
    // a completed secret hook is recorded with the secret (its trigger is then no longer due)
    List<SecretTrigger> handled =
        state.running() != null && state.running().hook() instanceof PlannedHook.Secret secret
            ? List.of(secret.trigger())
            : List.of();
    var deps = runtime.deps;
    if ((!secretChanges.isEmpty() || !handled.isEmpty())
        && state.running() != null
        && deps.secrets().store().isPresent()
        && hookEnd(state, ran, outcome) instanceof UnitResolver.HookEnd.Completed) {
      // Juju applies a hook's secret changes when it completes, before the hook counts as done:
      // HookCompleted is written only once they are committed (a crash in between runs the hook
      // again, as a failed commit in Juju does). The hook still holds the unit meanwhile.
      runtime.ctx.ask(
          SecretStore.Committed.class,
          deps.secrets().store().get(),
          SECRET_COMMIT_TIMEOUT,
          reply -> new SecretStore.Commit(runtime.unit.name(), secretChanges, handled, reply),
          (committed, failure) ->
              new SecretsCommitted(
                  ran.context(),
                  outcome,
                  failure == null ? null : String.valueOf(failure.getMessage())));
      // the hook still runs until they are: its draft goes on without them
      Work.Hook committing = ran.with(ran.draft().withoutSecretChanges());
      return new Step(incarnation.with(committing), effect.none());
    }
    return recordHookEnd(state, incarnation, ran, outcome);
  }

  private UnitResolver.HookEnd hookEnd(
      UnitState state, Work.Hook ran, HookLauncher.Outcome outcome) {
    var deps = runtime.deps;
    return UnitResolver.hookEnded(
        state.running(),
        outcome,
        ran.notReady(),
        deps.podWait(),
        deps.hookTimeout(),
        runtime.now());
  }

  /** Records how the hook ended, once its secret changes (if any) are committed. */
  private Step recordHookEnd(
      UnitState state, Incarnation incarnation, Work.Hook ran, HookLauncher.Outcome outcome) {
    Incarnation idle = incarnation.with(Incarnation.IDLE);
    if (state.running() == null) return new Step(idle, effect.none());
    String kind = state.running().hook().kind().label();
    return switch (hookEnd(state, ran, outcome)) {
      case UnitResolver.HookEnd.AwaitPod wait -> awaitPod(state, idle, ran, wait);
      case UnitResolver.HookEnd.Completed done -> {
        runtime.metrics.hookEnded(kind, true, Duration.ofMillis(done.event().durationMillis()));
        // Its databag writes are journaled in the same write as its completion: all or nothing.
        List<UnitEvent> completion = new ArrayList<>(ran.draft().relationWrites().events());
        completion.add(done.event());
        // Logged once the outcome is in the journal: a log line that says "completed" is a promise
        // that the hook never runs again, even if the process is killed right after it.
        yield steps.persistAndStartNext(
            state,
            idle,
            completion,
            () ->
                log.atInfo()
                    .addKeyValue("unit", runtime.unit.name())
                    .addKeyValue("hook", done.event().hook())
                    .addKeyValue("context_id", ran.context().contextId())
                    .log(
                        "unit {} hook {} completed in {} ms",
                        runtime.unit,
                        done.event().hook(),
                        done.event().durationMillis()));
      }
      case UnitResolver.HookEnd.Failed failed -> {
        // a failed hook's draft goes with its Work.Hook: its relation-set writes are never
        // journaled, never read again
        runtime.metrics.hookEnded(kind, false, Duration.ofMillis(failed.event().durationMillis()));
        int attempt = state.running().attempt();
        yield new Step(
            idle,
            effect
                .persist(failed.event())
                .thenRun(
                    after.change(
                        (s, current) -> {
                          logFailure(ran, failed);
                          runtime.scheduleRetry(attempt);
                          return runtime.afterChange(s, current);
                        })));
      }
    };
  }

  /**
   * Nothing is recorded: the hook stays started, holding no slot of the hook limit while it waits
   * (a drain need not wait for it either).
   */
  private Step awaitPod(
      UnitState state, Incarnation idle, Work.Hook ran, UnitResolver.HookEnd.AwaitPod wait) {
    String contextId = ran.context().contextId();
    log.atInfo()
        .addKeyValue("unit", runtime.unit.name())
        .addKeyValue("hook", state.running().hook().name())
        .addKeyValue("context_id", contextId)
        .log(
            "unit {} hook {} waits {} for its pod ({} of {}): {}",
            runtime.unit,
            state.running().hook().name(),
            DurationText.format(wait.delay()),
            wait.notReady(),
            runtime.deps.podWait().attempts(),
            wait.reason());
    Incarnation waiting =
        idle.with(new Work.AwaitingPod(contextId, wait.notReady(), wait.reason()));
    runtime.timers.startSingleTimer(
        UnitRuntime.POD_WAIT_TIMER, new PodWaitOver(contextId), wait.delay());
    if (waiting.draining()) waiting = runtime.answerDrain(waiting);
    return new Step(waiting, effect.none());
  }

  /** The hook's output is a field of this one record (text: stderr="..." on the same line). */
  private void logFailure(Work.Hook ran, UnitResolver.HookEnd.Failed failed) {
    HookFailed event = failed.event();
    var record =
        log.atWarn()
            .addKeyValue("unit", runtime.unit.name())
            .addKeyValue("hook", event.hook())
            .addKeyValue("context_id", ran.context().contextId());
    if (!failed.stderr().isBlank()) record = record.addKeyValue("stderr", failed.stderr().strip());
    record.log(
        "unit {} hook {} failed after {} ms: {}",
        runtime.unit,
        event.hook(),
        event.durationMillis(),
        event.reason());
  }

  /**
   * An exec or action that succeeded commits its secret changes as it ends (nothing waits for them:
   * an exec or action never runs again); one that failed drops them.
   */
  private void commitSecretsOf(ContextDraft draft, boolean succeeded) {
    List<SecretChange> changes = draft.secretChanges();
    if (changes.isEmpty() || !succeeded) return;
    runtime
        .deps
        .secrets()
        .store()
        .ifPresent(
            store ->
                store.tell(
                    new SecretStore.Commit(
                        runtime.unit.name(), changes, runtime.ctx.getSystem().ignoreRef())));
  }

  private Step execEnded(Incarnation incarnation, Work.Exec exec, HookLauncher.Outcome outcome) {
    ProcessResult result = HookLauncher.execResult(outcome);
    runtime.metrics.execEnded(result.exitCode(), result.timedOut());
    commitSecretsOf(exec.draft(), result.exitCode() == 0 && !result.timedOut());
    // The caller gets its result now, not one journal write later: the record of how an exec
    // ended changes no state, and a crash before it is written loses only that record. An exec
    // whose pod is not ready does not wait for it: a person at a terminal hears so at once.
    exec.exec()
        .replyTo()
        .tell(
            outcome instanceof HookLauncher.Outcome.NotReady notReady
                ? ExecReply.refused("unit " + runtime.unit + " is not ready: " + notReady.reason())
                : new ExecReply(
                    ExecReply.Outcome.RAN,
                    result,
                    "",
                    exec.exec().action() == null
                        ? null
                        : exec.draft().action().result(result.exitCode())));
    return new Step(
        incarnation.with(Incarnation.IDLE),
        effect
            .persist(
                new ExecCompleted(
                    exec.context().contextId(),
                    result.exitCode(),
                    result.timedOut(),
                    result.duration().toMillis(),
                    runtime.now()))
            .thenRun(after.change(runtime::afterChange)));
  }

  /**
   * The action's process ended: ActionFinished is persisted (then the next hook may start in the
   * same write), and only then is it logged and are its watchers answered.
   */
  private Step actionEnded(
      UnitState state, Incarnation incarnation, Work.Action ran, HookLauncher.Outcome outcome) {
    Incarnation idle = incarnation.with(Incarnation.IDLE);
    UnitState.UnitAction running = state.actions().running();
    if (running == null || running.id() != ran.id()) return new Step(idle, effect.none());
    ActionFinished finished =
        UnitResolver.actionEnded(
            running, outcome, ran.draft().action(), runtime.deps.hookTimeout(), runtime.now());
    commitSecretsOf(ran.draft(), finished.status() == ActionStatus.COMPLETED);
    long millis =
        running.started() == null
            ? 0
            : Duration.between(running.started(), finished.at()).toMillis();
    return steps.persistAndStartNext(
        state,
        idle,
        List.of(finished),
        () -> {
          if (finished.status() == ActionStatus.COMPLETED) {
            log.info(
                "unit {} action {} ({}) completed in {} ms",
                runtime.unit,
                running.id(),
                running.name(),
                millis);
          } else {
            log.warn(
                "unit {} action {} ({}) failed after {} ms: {}",
                runtime.unit,
                running.id(),
                running.name(),
                millis,
                finished.message());
          }
        });
  }
}
