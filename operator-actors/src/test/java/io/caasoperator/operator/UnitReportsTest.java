package io.caasoperator.operator;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.domain.ApplicationName;
import io.caasoperator.domain.Life;
import io.caasoperator.domain.Status;
import io.caasoperator.domain.UnitId;
import io.caasoperator.operator.OperatorPlan.Input;
import io.caasoperator.persistence.OperatorEvent;
import io.caasoperator.persistence.OperatorState;
import io.caasoperator.persistence.UnitRelations;
import io.caasoperator.unit.UnitActor;
import io.caasoperator.unit.UnitView;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** What each kind of unit report asks of the operator's plan. */
class UnitReportsTest {
  private static final Instant AT = Instant.EPOCH;
  private static final UnitId UNIT = new UnitId(ApplicationName.of("app"), 0);

  /** As {@link UnitRequests#awaitId}: the requester waits as request 7. */
  private static final Function<UnitActor.Report.ActionAccepted, Input.ActionAccepted> AWAIT_ID =
      accepted -> new Input.ActionAccepted(7, accepted.unit(), accepted.name(), accepted.params());

  /** Unit 0 in scope of peer relation 0, nothing written by it recorded yet. */
  private static final OperatorState JOURNAL =
      OperatorState.initial()
          .apply(new OperatorEvent.RelationCreated(0, "cluster", "app-peers", "app", AT))
          .apply(new OperatorEvent.RelationUnitEntered(0, UNIT, Map.of(), AT));

  private static UnitView wrote(Map<Long, UnitRelations.OwnSettings> writes) {
    UnitView placeholder = UnitView.placeholder(UNIT, Life.ALIVE);
    return new UnitView(
        UNIT,
        Life.ALIVE,
        false,
        placeholder.agentStatus(),
        Status.of("active", "", AT),
        1,
        null,
        null,
        0,
        "install",
        "completed",
        1,
        List.of(),
        writes,
        null);
  }

  private static UnitRelations.OwnSettings firstWrite() {
    return new UnitRelations.OwnSettings(1, Map.of("k", "v"), 1, null, 0);
  }

  @Test
  void aChangedViewAsksNothingUnlessItCarriesAWriteTheJournalLacks() {
    assertThat(
            UnitReports.input(JOURNAL, new UnitActor.Report.Changed(wrote(Map.of())), AWAIT_ID, AT))
        .as("a view without writes")
        .isEmpty();

    var write = Map.of(0L, firstWrite());
    assertThat(UnitReports.input(JOURNAL, new UnitActor.Report.Changed(wrote(write)), AWAIT_ID, AT))
        .contains(new Input.UnitWrote(UNIT, write));

    OperatorState recorded =
        JOURNAL.apply(
            new OperatorEvent.RelationSettingsChanged(0, UNIT, 1, Map.of("k", "v"), null, AT));
    assertThat(
            UnitReports.input(recorded, new UnitActor.Report.Changed(wrote(write)), AWAIT_ID, AT))
        .as("the same write reported again once the journal holds it")
        .isEmpty();
  }

  @Test
  void everyOtherReportIsAnInputOfItsOwn() {
    assertThat(UnitReports.input(JOURNAL, new UnitActor.Report.Recovered(UNIT), AWAIT_ID, AT))
        .contains(new Input.UnitRecovered(UNIT));
    assertThat(UnitReports.input(JOURNAL, new UnitActor.Report.Dead(UNIT), AWAIT_ID, AT))
        .contains(new Input.UnitDied(UNIT));
    List<OperatorEvent> effects = List.of(new OperatorEvent.WorkloadVersionSet("1.2", AT));
    assertThat(
            UnitReports.input(
                JOURNAL, new UnitActor.Report.ApplicationEffects(UNIT, effects), AWAIT_ID, AT))
        .contains(new Input.ToolEffects(effects));
    var accepted = new UnitActor.Report.ActionAccepted(UNIT, "backup", Map.of(), null);
    assertThat(UnitReports.input(JOURNAL, accepted, AWAIT_ID, AT))
        .as("the plan gets the request's number, not its actor reference")
        .contains(new Input.ActionAccepted(7, UNIT, "backup", Map.of()));
  }
}
