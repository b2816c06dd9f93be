package io.caasoperator.unit;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.action.ActionReport;
import io.caasoperator.action.ActionResult;
import io.caasoperator.domain.Status;
import io.caasoperator.hooktool.ToolEffect;
import io.caasoperator.hooktool.ToolOutcome;
import io.caasoperator.persistence.ActionMessage;
import io.caasoperator.persistence.UnitEvent;
import io.caasoperator.persistence.UnitEvent.RelationSettingsWritten;
import io.caasoperator.secret.SecretChange;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What the tool calls of a running context leave for its end, and what they journal at once. */
class ContextDraftTest {
  private static final Instant T1 = Instant.parse("2026-01-02T03:04:05Z");
  private static final Instant T2 = T1.plusSeconds(1);
  private static final UnitEvent STATUS =
      new UnitEvent.WorkloadStatusSet(Status.of("active", "", T1), T1);

  private static UnitToolCall call(
      List<UnitEvent> unitEvents,
      List<SecretChange> secrets,
      List<ToolEffect.ActionEffect> action) {
    return new UnitToolCall(
        new ToolOutcome(0, "", "", List.of()), unitEvents, List.of(), secrets, action);
  }

  private static UnitToolCall writes(UnitEvent... events) {
    return call(List.of(events), List.of(), List.of());
  }

  @Test
  void aHooksDatabagWritesWaitForItsCompletionWhileItsStatusIsJournaledAtOnce() {
    var unitSide = new RelationSettingsWritten(3, Map.of("host", "a"), null, T1);
    var appSide = new RelationSettingsWritten(3, null, Map.of("db", "x"), T1);
    var otherRelation = new RelationSettingsWritten(1, Map.of("port", "5432"), null, T1);

    ContextDraft.Folded first = ContextDraft.HOOK.fold(writes(STATUS, unitSide), T1);
    ContextDraft.Folded second = first.draft().fold(writes(appSide, otherRelation), T2);

    assertThat(first.journalNow()).containsExactly(STATUS);
    assertThat(second.journalNow()).isEmpty();
    assertThat(second.draft().relationWrites().events())
        .as("one write per relation, in relation id order, with both databags")
        .containsExactly(
            otherRelation,
            new RelationSettingsWritten(3, Map.of("host", "a"), Map.of("db", "x"), T1));
  }

  @Test
  void anExecOrActionNeverRunsAgainSoItsDatabagWritesAreJournaledAsItMakesThem() {
    var write = new RelationSettingsWritten(3, Map.of("host", "a"), null, T1);

    ContextDraft.Folded folded = ContextDraft.PROCESS.fold(writes(write, STATUS), T1);

    assertThat(folded.journalNow()).containsExactly(write, STATUS);
    assertThat(folded.draft()).isEqualTo(ContextDraft.PROCESS);
  }

  @Test
  void secretChangesPileUpInCallOrderUntilTheyAreHandedToTheSecretStore() {
    SecretChange revoked = new SecretChange.Access("s1", false, "db:3", "");
    SecretChange removed = new SecretChange.Removed("s2", null);
    var write = new RelationSettingsWritten(3, Map.of("host", "a"), null, T1);

    ContextDraft draft =
        ContextDraft.HOOK
            .fold(call(List.of(write), List.of(revoked), List.of()), T1)
            .draft()
            .fold(call(List.of(), List.of(removed), List.of()), T2)
            .draft();

    assertThat(draft.secretChanges()).containsExactly(revoked, removed);
    ContextDraft committed = draft.withoutSecretChanges();
    assertThat(committed.secretChanges()).isEmpty();
    assertThat(committed.relationWrites())
        .as("journaled with the completion")
        .isEqualTo(draft.relationWrites());
  }

  @Test
  void anActionsReportsAreKeptWithTheTimeOfTheirCallAndTheLastFailureWins() {
    ContextDraft draft =
        ContextDraft.PROCESS
            .fold(
                call(
                    List.of(),
                    List.of(),
                    List.of(
                        new ToolEffect.ActionResultSet(Map.of("a", Map.of("b", "1"))),
                        new ToolEffect.ActionLogged("step one"),
                        new ToolEffect.ActionFailed("first"))),
                T1)
            .draft()
            .fold(
                call(
                    List.of(),
                    List.of(),
                    List.of(
                        new ToolEffect.ActionResultSet(Map.of("a", Map.of("c", "2"))),
                        new ToolEffect.ActionFailed("second"))),
                T2)
            .draft();

    ActionReport report = draft.action();
    assertThat(report.results()).isEqualTo(Map.of("a", Map.of("b", "1", "c", "2")));
    assertThat(report.messages()).containsExactly(new ActionMessage(T1, "step one"));
    assertThat(report.failure()).contains("second");
    assertThat(report.result(0))
        .isEqualTo(
            new ActionResult(
                "failed", "second", Map.of("a", Map.of("b", "1", "c", "2")), List.of("step one")));
    assertThat(ContextDraft.PROCESS.action().result(0))
        .as("folding never changes the draft it started from")
        .isEqualTo(new ActionResult("completed", "", Map.of(), List.of()));
  }
}
