package io.caasoperator.unit;

import io.caasoperator.action.ActionRequests;
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
import java.util.function.BiFunction;
import java.util.function.Consumer;
import org.apache.pekko.persistence.typed.javadsl.Effect;
import org.apache.pekko.persistence.typed.javadsl.EffectFactories;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Takes the step {@link UnitResolver} decides for a {@link UnitActor}: starts a hook, an exec or an
 * action once its start is in the journal, or records what needs no process (a skipped hook, a
 * charm switch, an action interrupted by a restart, the unit's death).
 */
record UnitSteps(
    UnitRuntime runtime, EffectFactories<UnitEvent, UnitState> effect, AfterPersist after) {
  private static final Logger log = LoggerFactory.getLogger(UnitActor.class);

  /** Takes the step {@link UnitResolver} decides, given what {@code incarnation} runs and waits. */
  Step advance(UnitState state, Incarnation incarnation) {
    return switch (UnitResolver.next(state, incarnation.activity())) {
      case UnitResolver.Next.Wait w -> new Step(incarnation, effect.none());
      case UnitResolver.Next.Exec e -> startExec(incarnation);
      case UnitResolver.Next.RunAction action -> startAction(state, incarnation, action.id());
      case UnitResolver.Next.AbandonAction abandoned ->
          new Step(incarnation, abandonAction(state, abandoned.id()));
      case UnitResolver.Next.SwitchCharm s ->
          new Step(
              incarnation,
              effect
                  .persist(new CharmSwitched(state.assigned().charm().generation(), runtime.now()))
                  .thenRun(after.change(runtime::afterChange)));
      case UnitResolver.Next.Die d -> new Step(incarnation, die(state));
      case UnitResolver.Next.Run run -> startHook(List.of(), state, incarnation, run, () -> {});
    };
  }

  /**
   * Persists {@code events} and, when they make a hook due and nothing runs, that hook's
   * HookStarted in the same journal write: one round trip where there would be two, and the hook's
   * start is still in the journal before its process starts. {@code persisted} runs first once the
   * events are in the journal (e.g. the log line of the previous hook's end).
   */
  Step persistAndStartNext(
      UnitState state, Incarnation incarnation, List<UnitEvent> events, Runnable persisted) {
    UnitState changed = state;
    for (UnitEvent e : events) changed = changed.apply(e);
    if (UnitResolver.next(changed, incarnation.activity()) instanceof UnitResolver.Next.Run run) {
      return startHook(events, changed, incarnation, run, persisted);
    }
    return new Step(incarnation, persistThen(events, persisted));
  }

  private Effect<UnitEvent, UnitState> persistThen(List<UnitEvent> events, Runnable persisted) {
    return persist(events, persisted, runtime::afterChange);
  }

  /** Persists {@code events}, then runs {@code persisted} before the {@code change} they make. */
  private Effect<UnitEvent, UnitState> persist(
      List<UnitEvent> events,
      Runnable persisted,
      BiFunction<UnitState, Incarnation, Incarnation> change) {
    return effect
        .persist(events)
        .thenRun(
            after.change(
                (s, incarnation) -> {
                  persisted.run();
                  return change.apply(s, incarnation);
                }));
  }

  /**
   * Starts the hook {@code run} decided on from {@code state}; {@code before} are events not yet
   * persisted that {@code state} already includes, written in the same journal write. A hook the
   * charm does not implement is recorded as skipped.
   */
  private Step startHook(
      List<UnitEvent> before,
      UnitState state,
      Incarnation incarnation,
      UnitResolver.Next.Run run,
      Runnable persisted) {
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
      return new Step(incarnation.hookSkipped(hook), persistThen(events, persisted));
    }
    HookLauncher.Context context = runtime.launcher.hookContext(hook.name());
    events.add(new HookStarted(hook, run.attempt(), context.contextId(), now));
    // Only once HookStarted is safely in the journal may the process start.
    return new Step(
        incarnation.hookStarted(hook, context),
        persistThenStart(
            events,
            persisted,
            s -> {
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
            }));
  }

  /**
   * Persists {@code events}, which record that a process starts, then ({@code persisted} first)
   * reports the change and {@code start}s it.
   */
  private Effect<UnitEvent, UnitState> persistThenStart(
      List<UnitEvent> events, Runnable persisted, Consumer<UnitState> start) {
    return persist(
        events,
        persisted,
        (s, incarnation) -> {
          Incarnation reported = runtime.report(s, incarnation);
          start.accept(s);
          return reported;
        });
  }

  /** Starts the exec that waits longest, once its ExecStarted is in the journal. */
  private Step startExec(Incarnation incarnation) {
    UnitActor.RunExec exec = incarnation.execs().first();
    HookLauncher.Context context = runtime.launcher.execContext();
    return new Step(
        incarnation.execStarted(context),
        effect
            .persist(
                new ExecStarted(
                    context.contextId(), HookLauncher.digest(exec.commands()), runtime.now()))
            .thenRun(
                s ->
                    runtime.pipe(
                        context,
                        runtime.launcher.exec(
                            context,
                            exec.commands(),
                            exec.timeout(),
                            exec.action(),
                            s.charmInUse()))));
  }

  /**
   * Starts the waiting action {@code id}, once its ActionStarted is in the journal. One the charm
   * the unit runs now cannot run (no longer defined, its parameters no longer valid, nothing to run
   * it with) is recorded failed at once, without a process.
   */
  private Step startAction(UnitState state, Incarnation incarnation, long id) {
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
      return new Step(
          incarnation,
          persistThen(
              events,
              () ->
                  log.warn(
                      "unit {} action {} ({}) failed: {}",
                      runtime.unit,
                      id,
                      action.name(),
                      problem.get())));
    }
    // Only once ActionStarted is in the journal may the process start: a crash after it fails the
    // action rather than running it a second time.
    return new Step(
        incarnation.actionStarted(id, context),
        persistThenStart(
            events,
            () -> {},
            s -> {
              log.info("unit {} action {} ({}) started", runtime.unit, id, action.name());
              runtime.pipe(
                  context, runtime.launcher.action(context, s.actions().running(), s.charmInUse()));
            }));
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
    return effect.persist(events).thenRun(after.change(runtime::afterChange));
  }
}
