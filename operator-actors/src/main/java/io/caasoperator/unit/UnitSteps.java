package io.caasoperator.unit;

import io.caasoperator.domain.Life;
import io.caasoperator.persistence.ActionStatus;
import io.caasoperator.persistence.PlannedHook;
import io.caasoperator.persistence.UnitEvent;
import io.caasoperator.persistence.UnitEvent.ActionFinished;
import io.caasoperator.persistence.UnitEvent.ActionStarted;
import io.caasoperator.persistence.UnitEvent.CharmSwitched;
import io.caasoperator.persistence.UnitEvent.ExecStarted;
import io.caasoperator.persistence.UnitEvent.HookSkipped;
import io.caasoperator.persistence.UnitEvent.HookStarted;
import io.caasoperator.persistence.UnitEvent.LifeAssigned;
import io.caasoperator.persistence.UnitState;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.pekko.persistence.typed.javadsl.Effect;
import org.apache.pekko.persistence.typed.javadsl.EffectFactories;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Takes the step {@link UnitResolver} decides for a {@link UnitActor}: starts a hook, an exec or an
 * action once its start is in the journal, or records what needs no process (a skipped hook, a
 * charm switch, an action interrupted by a restart, the unit's death).
 */
record UnitSteps(UnitRuntime runtime, EffectFactories<UnitEvent, UnitState> effect) {
  private static final Logger log = LoggerFactory.getLogger(UnitActor.class);

  /** Takes the step {@link UnitResolver} decides. */
  Effect<UnitEvent, UnitState> advance(UnitState state) {
    return switch (UnitResolver.next(state, runtime.incarnation().activity())) {
      case UnitResolver.Next.Wait w -> effect.none();
      case UnitResolver.Next.Exec e -> startExec();
      case UnitResolver.Next.RunAction action -> startAction(state, action.id());
      case UnitResolver.Next.AbandonAction abandoned -> abandonAction(state, abandoned.id());
      case UnitResolver.Next.SwitchCharm s ->
          effect
              .persist(new CharmSwitched(state.assigned().charm().generation(), runtime.now()))
              .thenRun(runtime::afterChange);
      case UnitResolver.Next.Die d -> die(state);
      case UnitResolver.Next.Run run -> startHook(List.of(), state, run, () -> {});
    };
  }

  /**
   * Persists {@code events} and, when they make a hook due and nothing runs, that hook's
   * HookStarted in the same journal write: one round trip where there would be two, and the hook's
   * start is still in the journal before its process starts. {@code persisted} runs first once the
   * events are in the journal (e.g. the log line of the previous hook's end).
   */
  Effect<UnitEvent, UnitState> persistAndStartNext(
      UnitState state, List<UnitEvent> events, Runnable persisted) {
    UnitState after = state;
    for (UnitEvent e : events) after = after.apply(e);
    if (UnitResolver.next(after, runtime.incarnation().activity())
        instanceof UnitResolver.Next.Run run) {
      return startHook(events, after, run, persisted);
    }
    return persistThen(events, persisted);
  }

  private Effect<UnitEvent, UnitState> persistThen(List<UnitEvent> events, Runnable persisted) {
    return effect
        .persist(events)
        .thenRun(
            s -> {
              persisted.run();
              runtime.afterChange(s);
            });
  }

  /**
   * Starts the hook {@code run} decided on from {@code state}; {@code before} are events not yet
   * persisted that {@code state} already includes, written in the same journal write. A hook the
   * charm does not implement is recorded as skipped.
   */
  private Effect<UnitEvent, UnitState> startHook(
      List<UnitEvent> before, UnitState state, UnitResolver.Next.Run run, Runnable persisted) {
    PlannedHook hook = run.hook();
    var charm = run.switchCharm() ? state.assigned().charm() : state.charmInUse();
    Instant now = runtime.now();
    List<UnitEvent> events = new ArrayList<>(before);
    if (run.switchCharm()) events.add(new CharmSwitched(charm.generation(), now));
    // a secret hook whose secret or revision a hook removed meanwhile has nothing to tell
    boolean secretGone =
        hook instanceof PlannedHook.Secret secret
            && !runtime.deps.secrets().holds(secret.trigger());
    if (!charm.implementsHook(hook.name()) || secretGone) {
      events.add(new HookSkipped(hook, now));
      runtime.incarnation(runtime.incarnation().hookSkipped(hook));
      return persistThen(events, persisted);
    }
    HookLauncher.Context context = runtime.launcher.hookContext(hook.name());
    events.add(new HookStarted(hook, run.attempt(), context.contextId(), now));
    runtime.incarnation(runtime.incarnation().hookStarted(hook, context));
    // Only once HookStarted is safely in the journal may the process start.
    return effect
        .persist(events)
        .thenRun(
            s -> {
              persisted.run();
              runtime.report(s);
              log.atInfo()
                  .addKeyValue("unit", runtime.unit.name())
                  .addKeyValue("hook", hook.name())
                  .addKeyValue("context_id", context.contextId())
                  .log(
                      "unit {} hook {} started (attempt {})",
                      runtime.unit,
                      hook.name(),
                      run.attempt());
              runtime.pipe(context, runtime.launcher.hook(context, hook, s.charmInUse()));
            });
  }

  /** Starts the exec that waits longest, once its ExecStarted is in the journal. */
  private Effect<UnitEvent, UnitState> startExec() {
    UnitActor.RunExec exec = runtime.incarnation().execs().first();
    HookLauncher.Context context = runtime.launcher.execContext();
    runtime.incarnation(runtime.incarnation().execStarted(context));
    return effect
        .persist(
            new ExecStarted(
                context.contextId(), HookLauncher.digest(exec.commands()), runtime.now()))
        .thenRun(
            s ->
                runtime.pipe(
                    context,
                    runtime.launcher.exec(
                        context, exec.commands(), exec.timeout(), exec.action(), s.charmInUse())));
  }

  /**
   * Starts the waiting action {@code id}, once its ActionStarted is in the journal. One the charm
   * the unit runs now cannot run (no longer defined, its parameters no longer valid, nothing to run
   * it with) is recorded failed at once, without a process.
   */
  private Effect<UnitEvent, UnitState> startAction(UnitState state, long id) {
    UnitState.UnitAction action = state.actions().find(id).orElseThrow();
    HookLauncher.Context context = runtime.launcher.actionContext(action.name());
    Instant now = runtime.now();
    List<UnitEvent> events =
        new ArrayList<>(List.of(new ActionStarted(id, context.contextId(), now)));
    Optional<String> problem =
        ActionRequests.startProblem(
            state, action, runtime.launcher.implementsAction(state.charmInUse(), action.name()));
    if (problem.isPresent()) {
      events.add(
          new ActionFinished(id, ActionStatus.FAILED, problem.get(), Map.of(), List.of(), now));
      return persistThen(
          events,
          () ->
              log.warn(
                  "unit {} action {} ({}) failed: {}",
                  runtime.unit,
                  id,
                  action.name(),
                  problem.get()));
    }
    runtime.incarnation(runtime.incarnation().actionStarted(id, context));
    // Only once ActionStarted is in the journal may the process start: a crash after it fails the
    // action rather than running it a second time.
    return effect
        .persist(events)
        .thenRun(
            s -> {
              runtime.report(s);
              log.info("unit {} action {} ({}) started", runtime.unit, id, action.name());
              runtime.pipe(
                  context, runtime.launcher.action(context, s.actions().running(), s.charmInUse()));
            });
  }

  /** An action a crash interrupted is recorded failed, never run again. */
  private Effect<UnitEvent, UnitState> abandonAction(UnitState state, long id) {
    String name = state.actions().running().name();
    var failed =
        new ActionFinished(
            id, ActionStatus.FAILED, UnitResolver.INTERRUPTED, Map.of(), List.of(), runtime.now());
    return persistThen(
        List.of(failed),
        () ->
            log.warn(
                "unit {} action {} ({}) was interrupted by a restart: recorded failed, not run again",
                runtime.unit,
                id,
                name));
  }

  /** Actions still waiting never ran (a unit runs none before it is installed): cancelled. */
  private Effect<UnitEvent, UnitState> die(UnitState state) {
    List<UnitEvent> events = new ArrayList<>();
    for (UnitState.UnitAction waiting : state.actions().pending()) {
      events.add(
          new ActionFinished(
              waiting.id(),
              ActionStatus.CANCELLED,
              "unit " + runtime.unit + " was removed before the action ran",
              Map.of(),
              List.of(),
              runtime.now()));
    }
    events.add(new LifeAssigned(Life.DEAD, runtime.now()));
    return effect.persist(events).thenRun(runtime::afterChange);
  }
}
