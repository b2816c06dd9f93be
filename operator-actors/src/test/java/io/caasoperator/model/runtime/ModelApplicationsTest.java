package io.caasoperator.model.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.domain.ApplicationName;
import io.caasoperator.domain.Life;
import io.caasoperator.model.CharmEndpoint;
import io.caasoperator.model.MatchedRelation;
import io.caasoperator.model.RelationEndpoint;
import io.caasoperator.model.RelationRole;
import io.caasoperator.persistence.ModelEvent;
import io.caasoperator.persistence.ModelState;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ModelApplicationsTest {
  private static final Instant NOW = Instant.parse("2026-11-27T20:00:00Z");
  private static final ApplicationName STORE = ApplicationName.of("store");
  private static final ApplicationName CLIENT = ApplicationName.of("client");
  private static final MatchedRelation DB =
      new MatchedRelation(
          List.of(
              new RelationEndpoint(CLIENT, new CharmEndpoint("db", RelationRole.REQUIRER, "db")),
              new RelationEndpoint(STORE, new CharmEndpoint("db", RelationRole.PROVIDER, "db"))));
  private static final MatchedRelation STORE_PEERS =
      new MatchedRelation(
          List.of(new RelationEndpoint(STORE, new CharmEndpoint("peers", RelationRole.PEER, "p"))));

  private static ModelState read(ModelState state, List<ApplicationName> listed) {
    for (ModelEvent event : ModelApplications.next(state, listed, NOW)) state = state.apply(event);
    return state;
  }

  private static ModelState gone(ModelState state, ApplicationName application) {
    for (ModelEvent event : ModelApplications.gone(state, application, NOW))
      state = state.apply(event);
    return state;
  }

  @Test
  void
      everyApplicationTheBundleListsJoinsTheModelAliveOnceAndAReadChangingNothingJournalsNothing() {
    ModelState state = read(ModelState.EMPTY, List.of(STORE, CLIENT));

    assertThat(state.applications()).isEqualTo(Map.of("client", Life.ALIVE, "store", Life.ALIVE));
    assertThat(ModelApplications.next(state, List.of(CLIENT, STORE), NOW)).isEmpty();
  }

  @Test
  void anApplicationNoLongerListedIsDyingUntilItsOperatorReportsItGoneEvenIfNeverReadSince() {
    ModelState dying = read(read(ModelState.EMPTY, List.of(STORE, CLIENT)), List.of(STORE));

    assertThat(dying.lifeOf("client")).contains(Life.DYING);
    // a restart reads the same bundle: still dying, nothing more journaled
    assertThat(ModelApplications.next(dying, List.of(STORE), NOW)).isEmpty();
    assertThat(gone(dying, CLIENT).applications()).containsOnlyKeys("store");
  }

  @Test
  void anAliveApplicationWhoseOperatorStoppedForAnotherReasonStaysInTheModel() {
    ModelState state = read(ModelState.EMPTY, List.of(STORE, CLIENT));

    assertThat(ModelApplications.gone(state, CLIENT, NOW)).isEmpty();
    assertThat(ModelApplications.gone(state, ApplicationName.of("unknown"), NOW)).isEmpty();
  }

  @Test
  void aNameListedAgainWhileDyingWaitsUntilTheDyingOneIsGoneThenJoinsAlive() {
    ModelState dying = read(read(ModelState.EMPTY, List.of(STORE, CLIENT)), List.of(STORE));

    ModelState listedAgain = read(dying, List.of(STORE, CLIENT));
    assertThat(listedAgain.lifeOf("client"))
        .as("Juju: application already exists")
        .contains(Life.DYING);

    ModelState removed = gone(listedAgain, CLIENT);
    assertThat(read(removed, List.of(STORE, CLIENT)).lifeOf("client")).contains(Life.ALIVE);
  }

  @Test
  void aDyingApplicationHasNoRelationsAndGetsNoneUntilItIsGone() {
    ModelState alive = read(ModelState.EMPTY, List.of(STORE, CLIENT));
    ModelState dying = read(alive, List.of(STORE));
    ModelState listedAgain = read(dying, List.of(STORE, CLIENT));

    assertThat(ModelApplications.ofAlive(alive, List.of(STORE_PEERS, DB)))
        .containsExactly(STORE_PEERS, DB);
    assertThat(ModelApplications.ofAlive(listedAgain, List.of(STORE_PEERS, DB)))
        .containsExactly(STORE_PEERS);
    assertThat(
            ModelApplications.ofAlive(
                read(gone(listedAgain, CLIENT), List.of(STORE, CLIENT)), List.of(DB)))
        .containsExactly(DB);
  }
}
