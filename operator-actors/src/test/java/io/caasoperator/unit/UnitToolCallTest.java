package io.caasoperator.unit;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.action.ActionRun;
import io.caasoperator.domain.Status;
import io.caasoperator.domain.UnitId;
import io.caasoperator.persistence.HookKind;
import io.caasoperator.persistence.OperatorEvent;
import io.caasoperator.persistence.PlannedHook;
import io.caasoperator.persistence.UnitEvent;
import io.caasoperator.persistence.UnitState;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Where the effects of a hook-tool call of a unit's running hook or exec end up. */
class UnitToolCallTest {
  private static final Instant NOW = Instant.parse("2026-01-02T03:04:05Z");
  private static final UnitId UNIT = UnitId.of("mariadb", 0);
  private static final ApplicationSnapshot APP =
      new ApplicationSnapshot(
          "test", Map.of(), Map.of(), Status.of("active", "", Instant.EPOCH), "", List.of());
  private static final UnitState INSTALLING =
      UnitState.initial(UNIT)
          .apply(new UnitEvent.LeadershipAssigned(true, Instant.EPOCH))
          .apply(
              new UnitEvent.HookStarted(
                  PlannedHook.of(HookKind.INSTALL, 1, 1), 1, "ctx", Instant.EPOCH));
  private static final Incarnation.Work HOOK =
      new Incarnation.Work.Hook(new HookLauncher.Context("ctx", "t"), 0);

  private static UnitToolCall call(
      UnitState state, Incarnation.Work running, String tool, String... args) {
    return UnitToolCall.run(
        new UnitActor.RunHookTool("ctx", tool, List.of(args), "", APP, null), state, running, NOW);
  }

  @Test
  void aUnitStatusIsAnEventOfTheUnitStampedWithTheCallsTime() {
    UnitToolCall call = call(INSTALLING, HOOK, "status-set", "maintenance", "installing");
    assertThat(call.outcome().exitCode()).isZero();
    assertThat(call.unitEvents())
        .containsExactly(
            new UnitEvent.WorkloadStatusSet(Status.of("maintenance", "installing", NOW), NOW));
    assertThat(call.applicationEvents()).isEmpty();
  }

  @Test
  void theApplicationStatusSetByTheLeaderIsForTheApplicationsJournal() {
    UnitToolCall call =
        call(INSTALLING, HOOK, "status-set", "--application", "blocked", "need a db");
    assertThat(call.unitEvents()).isEmpty();
    assertThat(call.applicationEvents())
        .containsExactly(
            new OperatorEvent.CharmApplicationStatusSet(
                Status.of("blocked", "need a db", NOW), NOW));
  }

  @Test
  void aJujuLogLineGoesToTheLogNotTheJournal() {
    UnitToolCall call =
        call(INSTALLING, HOOK, "juju-log", "--log-level", "WARNING", "disk almost full");
    assertThat(call.outcome().exitCode()).isZero();
    assertThat(call.unitEvents()).isEmpty();
    assertThat(call.applicationEvents()).isEmpty();
  }

  @Test
  void anActionSeesItsParametersAndWhatItSetsComesBackWithItsResult() {
    var exec =
        new UnitActor.RunExec(
            "./backup",
            Duration.ofSeconds(30),
            new ActionRun("backup", Map.of("to", "/tmp")),
            null);
    var running =
        new Incarnation.Work.Exec(new HookLauncher.Context("ctx", "t"), exec, ContextDraft.PROCESS);
    UnitState idle = UnitState.initial(UNIT);

    assertThat(call(idle, running, "action-get", "to").outcome().stdout()).isEqualTo("/tmp\n");
    UnitToolCall set = call(idle, running, "action-set", "where=/tmp/backup.tar");
    assertThat(set.unitEvents()).isEmpty();
    ContextDraft after = running.draft().fold(set, NOW).draft();
    assertThat(after.action().result(0).results()).containsEntry("where", "/tmp/backup.tar");
  }
}
