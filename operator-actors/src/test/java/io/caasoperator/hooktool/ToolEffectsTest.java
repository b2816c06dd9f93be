package io.caasoperator.hooktool;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.domain.Status;
import io.caasoperator.persistence.OperatorEvent;
import io.caasoperator.persistence.UnitEvent;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ToolEffectsTest {
  private static final Instant NOW = Instant.parse("2026-11-23T10:00:00Z");

  @Test
  void eachEffectGoesWhereItBelongsInTheOrderOfTheCall() {
    Status active = Status.of("active", "", NOW);
    ToolEffects split =
        ToolEffects.split(
            List.of(
                new ToolEffect.WorkloadStatusSet(active),
                new ToolEffect.LeaderSettingsSet(Map.of("password", "s3cret")),
                new ToolEffect.CharmStateSet("k", "v"),
                new ToolEffect.Logged("INFO", "hello"),
                new ToolEffect.ApplicationStatusSet(active),
                new ToolEffect.ActionLogged("half way"),
                new ToolEffect.PortOpened(Port.parse("8080/tcp")),
                new ToolEffect.WorkloadVersionSet("1.2"),
                new ToolEffect.CharmStateDeleted("k"),
                new ToolEffect.ActionResultSet(Map.of("a", "1")),
                new ToolEffect.PortClosed(Port.parse("8080/tcp")),
                new ToolEffect.ActionFailed("no")),
            NOW);

    assertThat(split.unitEvents())
        .containsExactly(
            new UnitEvent.WorkloadStatusSet(active, NOW),
            new UnitEvent.CharmStateSet("k", "v", NOW),
            new UnitEvent.PortOpened("8080/tcp", NOW),
            new UnitEvent.CharmStateDeleted("k", NOW),
            new UnitEvent.PortClosed("8080/tcp", NOW));
    assertThat(split.applicationEvents())
        .containsExactly(
            new OperatorEvent.LeaderSettingsChanged(Map.of("password", "s3cret"), NOW),
            new OperatorEvent.CharmApplicationStatusSet(active, NOW),
            new OperatorEvent.WorkloadVersionSet("1.2", NOW));
    assertThat(split.actionEffects())
        .containsExactly(
            new ToolEffect.ActionLogged("half way"),
            new ToolEffect.ActionResultSet(Map.of("a", "1")),
            new ToolEffect.ActionFailed("no"));
    assertThat(split.logged()).containsExactly(new ToolEffect.Logged("INFO", "hello"));
  }

  @Test
  void storageAddedGoesToTheApplicationsJournalForTheOperatorGivesUnitsTheirStorage() {
    var unit = io.caasoperator.domain.UnitId.of("mariadb", 2);
    ToolEffects split =
        ToolEffects.split(List.of(new ToolEffect.StorageAdded(unit, "data", 2)), NOW);
    assertThat(split.unitEvents()).isEmpty();
    assertThat(split.applicationEvents())
        .containsExactly(new OperatorEvent.StorageAdded(unit, "data", 2, NOW));
  }

  @Test
  void relationSetGoesToTheUnitsJournalAsTheWholeDatabagItChanged() {
    ToolEffects split =
        ToolEffects.split(
            List.of(
                new ToolEffect.RelationSettingsSet(0, false, Map.of("k", "v")),
                new ToolEffect.RelationSettingsSet(0, true, Map.of("leader", "db/0"))),
            NOW);
    assertThat(split.unitEvents())
        .containsExactly(
            new UnitEvent.RelationSettingsWritten(0, Map.of("k", "v"), null, NOW),
            new UnitEvent.RelationSettingsWritten(0, null, Map.of("leader", "db/0"), NOW));
    assertThat(split.applicationEvents())
        .as("the operator records them from the unit's journal")
        .isEmpty();
  }

  @Test
  void noEffectsGoNowhere() {
    ToolEffects split = ToolEffects.split(List.of(), NOW);
    assertThat(split.unitEvents()).isEmpty();
    assertThat(split.applicationEvents()).isEmpty();
  }
}
