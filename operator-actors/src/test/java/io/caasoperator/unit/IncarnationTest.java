package io.caasoperator.unit;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.action.ActionRun;
import io.caasoperator.persistence.HookKind;
import io.caasoperator.persistence.PlannedHook;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** What a unit's actor remembers between messages, and what survives a restart of its behaviour. */
class IncarnationTest {
  private static final HookLauncher.Context CONTEXT =
      new HookLauncher.Context("app/0-install-1", "token");
  private static final UnitActor.RunExec EXEC =
      new UnitActor.RunExec("true", Duration.ofSeconds(1), null, null);

  @Test
  void aStartedHookUsesUpTheRetryButAnUpdateStatusStaysDueUntilItRuns() {
    Incarnation due = Incarnation.fresh().withRetryNow().withUpdateStatusDue();
    Incarnation installing = due.hookStarted(PlannedHook.of(HookKind.INSTALL, 1, 1), CONTEXT);
    assertThat(installing.activity())
        .isEqualTo(new UnitResolver.Activity(true, false, false, false, true, 0));
    Incarnation updating = due.hookSkipped(PlannedHook.of(HookKind.UPDATE_STATUS, 1, 1));
    assertThat(updating.activity()).isEqualTo(UnitResolver.Activity.IDLE);
  }

  @Test
  void onlyTheRunningProcessesContextMayCallHookToolsAndNotWhileItWaitsForItsPod() {
    Incarnation running =
        Incarnation.fresh().hookStarted(PlannedHook.of(HookKind.INSTALL, 1, 1), CONTEXT);
    assertThat(running.runs(CONTEXT.contextId())).isTrue();
    assertThat(running.runs("app/0-install-2")).isFalse();
    assertThat(running.processRuns()).isTrue();
    Incarnation waiting =
        running.with(new Incarnation.Work.AwaitingPod(CONTEXT.contextId(), 1, "no pod"));
    assertThat(waiting.runs(CONTEXT.contextId())).isFalse();
    assertThat(waiting.processRuns()).as("a drain need not wait").isFalse();
    assertThat(waiting.activity().busy()).as("but nothing else starts").isTrue();
  }

  @Test
  void theOldestWaitingExecStartsWithAnEmptyDraft() {
    var action =
        new UnitActor.RunExec(
            "./backup", Duration.ofSeconds(1), new ActionRun("backup", null), null);
    Incarnation queued = Incarnation.fresh().withExecs(ExecQueue.EMPTY.add(EXEC).add(action));
    Incarnation first = queued.execStarted(CONTEXT);
    assertThat(first.work())
        .isEqualTo(new Incarnation.Work.Exec(CONTEXT, EXEC, ContextDraft.PROCESS));
    assertThat(first.execs().waiting()).containsExactly(action);
    Incarnation second = first.with(Incarnation.IDLE).execStarted(CONTEXT);
    assertThat(second.work())
        .isEqualTo(new Incarnation.Work.Exec(CONTEXT, action, ContextDraft.PROCESS));
  }

  @Test
  void aRestartedBehaviourForgetsWhatRanAndWaitedButNotWhyHooksAreDueNorTheShutdown() {
    Incarnation before =
        Incarnation.fresh()
            .withUpdateStatusInterval(Duration.ofMinutes(5))
            .withUpdateStatusDue()
            .withExecs(ExecQueue.EMPTY.add(EXEC))
            .hookStarted(PlannedHook.of(HookKind.INSTALL, 1, 1), CONTEXT)
            .drainingNow();
    Incarnation after = before.forgotten();
    assertThat(after.work()).isEqualTo(Incarnation.IDLE);
    assertThat(after.execs().isEmpty()).isTrue();
    assertThat(after.draining()).isTrue();
    assertThat(after.updateStatusDue()).isTrue();
    assertThat(after.updateStatusInterval()).isEqualTo(Duration.ofMinutes(5));
  }

  @Test
  void aCharmActionRunsAsAProcessWhoseContextMayCallHookToolsAndThatADrainWaitsFor() {
    Incarnation running = Incarnation.fresh().actionStarted(3, CONTEXT);
    assertThat(running.runs(CONTEXT.contextId())).isTrue();
    assertThat(running.processRuns()).as("a drain waits for it").isTrue();
    assertThat(running.activity().busy()).isTrue();
    assertThat(running.work())
        .isEqualTo(new Incarnation.Work.Action(CONTEXT, 3, ContextDraft.PROCESS));
    assertThat(running.forgotten().work()).isEqualTo(Incarnation.IDLE);
  }

  @Test
  void theFirstWaitingExecSaysWhichActionsGoBeforeIt() {
    Incarnation queued = Incarnation.fresh().withExecs(ExecQueue.EMPTY.add(EXEC, 4).add(EXEC, 9));
    assertThat(queued.activity().execAfterAction()).isEqualTo(4);
    assertThat(queued.execStarted(CONTEXT).with(Incarnation.IDLE).activity().execAfterAction())
        .isEqualTo(9);
  }
}
