package io.caasoperator.persistence.timeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.domain.UnitId;
import io.caasoperator.persistence.HookKind;
import io.caasoperator.persistence.ModelEvent;
import io.caasoperator.persistence.OperatorEvent;
import io.caasoperator.persistence.PlannedHook;
import io.caasoperator.persistence.RelationHook;
import io.caasoperator.persistence.UnitEvent;
import io.caasoperator.persistence.secret.SecretEvent;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class RelationMentionsTest {

  private static final Instant AT = Instant.parse("2026-11-28T00:00:00Z");

  @Test
  void eachSideOfARelationAndTheModelNameItsId() {
    assertThat(
            RelationMentions.of(
                new OperatorEvent.ApplicationsRelated(1, "kv", "kv", "kv-store", "kv", AT)))
        .containsExactly(1L);
    assertThat(
            RelationMentions.of(
                new OperatorEvent.RemoteRelationChanged(1, new TreeMap<>(), Map.of(), AT)))
        .containsExactly(1L);
    assertThat(RelationMentions.of(new OperatorEvent.RelationRemoved(4, AT))).containsExactly(4L);
    assertThat(
            RelationMentions.of(
                new OperatorEvent.RelationUnitLeft(2, UnitId.of("kv-client", 1), AT)))
        .containsExactly(2L);
    assertThat(RelationMentions.of(new ModelEvent.RelationIdAssigned("a:x b:x", 3, AT)))
        .containsExactly(3L);
    assertThat(
            RelationMentions.of(
                new UnitEvent.RelationSettingsWritten(5, Map.of("k", "v"), null, AT)))
        .containsExactly(5L);
  }

  @Test
  void aRelationHookNamesItsRelationAndOtherHooksNone() {
    PlannedHook changed =
        PlannedHook.relation(
            HookKind.RELATION_CHANGED,
            new RelationHook(1, "kv", "kv-store/0", "kv-store", null, 2),
            0,
            0);
    assertThat(RelationMentions.of(new UnitEvent.HookStarted(changed, 1, "ctx", AT)))
        .containsExactly(1L);
    assertThat(
            RelationMentions.of(
                new UnitEvent.HookStarted(PlannedHook.of(HookKind.INSTALL, 0, 0), 1, "ctx", AT)))
        .isEmpty();
  }

  @Test
  void aSecretGrantNamesItsRelationButAGrantToAnApplicationNone() {
    assertThat(RelationMentions.of(new SecretEvent.SecretGranted("s1", "kv:1", "", AT)))
        .containsExactly(1L);
    assertThat(
            RelationMentions.of(new SecretEvent.SecretGranted("s1", "application:hello", "", AT)))
        .isEmpty();
  }

  @Test
  void anIdIsANumberOrJujusEndpointColonNumber() {
    assertThat(RelationMentions.parse("1")).contains(1L);
    assertThat(RelationMentions.parse("kv:12")).contains(12L);
    assertThat(RelationMentions.parse("kv")).isEmpty();
    assertThat(RelationMentions.parse("kv:-1")).isEmpty();
    assertThat(RelationMentions.parse("")).isEqualTo(Optional.empty());
  }
}
