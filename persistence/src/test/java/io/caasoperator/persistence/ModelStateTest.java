package io.caasoperator.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.domain.Life;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class ModelStateTest {
  private static final Instant AT = Instant.parse("2026-11-27T20:00:00Z");
  private final JournalSerializer serializer = new JournalSerializer();

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

  @Test
  void anApplicationRemovedIsDyingUntilItsRemovalIsJournaledAndThenLeavesTheModel() {
    ModelState added =
        ModelState.EMPTY
            .apply(new ModelEvent.ApplicationAdded("kv-store", AT))
            .apply(new ModelEvent.ApplicationAdded("kv-client", AT));
    ModelState dying = added.apply(new ModelEvent.ApplicationRemoving("kv-client", AT));
    ModelState gone = dying.apply(new ModelEvent.ApplicationRemoved("kv-client", AT));

    assertThat(added.applications()).containsEntry("kv-client", Life.ALIVE);
    assertThat(dying.lifeOf("kv-client")).contains(Life.DYING);
    assertThat(dying.lifeOf("kv-store")).contains(Life.ALIVE);
    assertThat(gone.applications()).containsOnlyKeys("kv-store");
    assertThat(gone.lifeOf("kv-client")).isEmpty();
  }

  @Test
  void aJournalWrittenBeforeApplicationsWereJournaledReadsToAModelWithNoApplicationYet()
      throws Exception {
    // the model's journal as the code before applications wrote it: relation ids only
    ModelState state = ModelState.EMPTY;
    for (String line :
        List.of(
            "{\"key\":\"kv-store:replicas\",\"id\":0,\"at\":\"2026-11-22T10:15:30.123Z\"}",
            "{\"key\":\"kv-client:kv kv-store:kv\",\"id\":1,\"at\":\"2026-11-22T10:15:31.123Z\"}")) {
      state =
          state.apply(
              (ModelEvent)
                  serializer.fromBinary(
                      line.getBytes(java.nio.charset.StandardCharsets.UTF_8),
                      "model.RelationIdAssigned.v1"));
    }

    assertThat(state.relations()).containsOnlyKeys("kv-store:replicas", "kv-client:kv kv-store:kv");
    assertThat(state.applications()).as("added by the next bundle read").isEmpty();
  }
}
