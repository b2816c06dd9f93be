package io.caasoperator.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class ModelStateTest {
  private static final Instant AT = Instant.parse("2026-11-27T20:00:00Z");

  @Test
  void aRetiredIdIsNeverGivenAgainAndItsRelationLeavesTheModel() {
    ModelState state =
        ModelState.EMPTY
            .apply(new ModelEvent.RelationIdAssigned("kv-store:replicas", 0, AT))
            .apply(new ModelEvent.RelationIdAssigned("kv-client:kv kv-store:kv", 1, AT))
            .apply(new ModelEvent.RelationIdRetired("kv-client:kv kv-store:kv", 1, AT));

    assertThat(state.relations()).containsOnlyKeys("kv-store:replicas");
    assertThat(state.idOf("kv-client:kv kv-store:kv")).isEmpty();
    assertThat(state.nextId()).isEqualTo(2);
  }
}
