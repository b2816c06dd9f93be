package io.caasoperator.model.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.domain.ApplicationName;
import io.caasoperator.model.CharmEndpoint;
import io.caasoperator.model.MatchedRelation;
import io.caasoperator.model.RelationEndpoint;
import io.caasoperator.model.RelationRole;
import io.caasoperator.persistence.ModelEvent;
import io.caasoperator.persistence.ModelState;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class RelationNumberingTest {
  private static final Instant NOW = Instant.parse("2026-11-27T20:00:00Z");

  private static MatchedRelation peer(String app, String endpoint) {
    return new MatchedRelation(
        List.of(
            new RelationEndpoint(
                ApplicationName.of(app), new CharmEndpoint(endpoint, RelationRole.PEER, "p"))));
  }

  private static ModelState numbered(ModelState state, List<MatchedRelation> wanted) {
    for (ModelEvent event : RelationNumbering.next(state, wanted, NOW)) state = state.apply(event);
    return state;
  }

  @Test
  void newRelationsTakeTheNextIdsInTheOrderGivenAndKnownOnesKeepTheirs() {
    ModelState state = numbered(ModelState.EMPTY, List.of(peer("a", "x"), peer("b", "y")));
    state = numbered(state, List.of(peer("c", "z"), peer("b", "y"), peer("a", "x")));

    assertThat(state.relations())
        .containsEntry("a:x", 0L)
        .containsEntry("b:y", 1L)
        .containsEntry("c:z", 2L);
    assertThat(
            RelationNumbering.next(
                state, List.of(peer("a", "x"), peer("b", "y"), peer("c", "z")), NOW))
        .as("nothing to journal when nothing changed")
        .isEmpty();
  }

  @Test
  void aRelationRemovedIsRetiredAndAddedAgainGetsANewId() {
    ModelState state = numbered(ModelState.EMPTY, List.of(peer("a", "x"), peer("b", "y")));
    List<ModelEvent> removal = RelationNumbering.next(state, List.of(peer("b", "y")), NOW);
    assertThat(removal).containsExactly(new ModelEvent.RelationIdRetired("a:x", 0, NOW));

    state =
        numbered(numbered(state, List.of(peer("b", "y"))), List.of(peer("b", "y"), peer("a", "x")));
    assertThat(state.relations()).containsEntry("a:x", 2L).containsEntry("b:y", 1L);
  }
}
