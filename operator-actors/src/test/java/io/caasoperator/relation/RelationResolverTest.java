package io.caasoperator.relation;

import static io.caasoperator.unit.UnitStates.AT;
import static io.caasoperator.unit.UnitStates.completed;
import static io.caasoperator.unit.UnitStates.started;
import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.domain.Life;
import io.caasoperator.persistence.HookKind;
import io.caasoperator.persistence.PlannedHook;
import io.caasoperator.persistence.RelationHook;
import io.caasoperator.persistence.UnitEvent.LifeAssigned;
import io.caasoperator.persistence.UnitEvent.RelationsAssigned;
import io.caasoperator.persistence.UnitRelations.RelationSnapshot;
import io.caasoperator.persistence.UnitState;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The relation hooks of a unit in Juju's order (relation-created first; then per relation: the
 * changed owed to a unit just joined, departed, the application databag's changed, joined,
 * changed), and a dying unit's departures.
 */
class RelationResolverTest {

  /** The peer relation 1 ({@code cluster}) of application a, with {@code members} in scope. */
  private static RelationsAssigned peers(Map<String, Long> members, long applicationVersion) {
    return new RelationsAssigned(
        List.of(
            new RelationSnapshot(
                1, "cluster", "a", new TreeMap<>(members), applicationVersion, false)),
        AT);
  }

  /** The hooks {@code source} names, each completed in turn, until it names none. */
  private static List<String> drain(
      UnitState[] s, Function<UnitState, Optional<PlannedHook>> source) {
    List<String> ran = new ArrayList<>();
    for (Optional<PlannedHook> hook = source.apply(s[0]);
        hook.isPresent();
        hook = source.apply(s[0])) {
      RelationHook r = ((PlannedHook.Relation) hook.get()).relation();
      ran.add(
          hook.get().name()
              + " "
              + r.remoteUnit()
              + (r.departingUnit().isEmpty() ? "" : " by " + r.departingUnit()));
      s[0] = completed(s[0], hook.get());
      if (ran.size() > 20) throw new AssertionError("never settles: " + ran);
    }
    return ran;
  }

  @Test
  void relationCreatedRunsOnceBeforeAnyOtherHookOfTheRelation() {
    UnitState[] s = {started(false).apply(peers(Map.of("a/1", 1L), 0))};
    assertThat(RelationResolver.changes(s[0])).as("waits for relation-created").isEmpty();
    PlannedHook created = RelationResolver.created(s[0]).orElseThrow();
    assertThat(created.kind()).isEqualTo(HookKind.RELATION_CREATED);
    assertThat(((PlannedHook.Relation) created).relation().remoteApplication()).isEqualTo("a");
    s[0] = completed(s[0], created);
    assertThat(RelationResolver.created(s[0])).as("once").isEmpty();
  }

  @Test
  void aUnitJoiningIsJoinedThenChangedAndEachLaterWriteChangedOnce() {
    UnitState[] s = {started(false).apply(peers(Map.of("a/2", 1L, "a/1", 1L), 0))};
    drain(s, RelationResolver::created);
    assertThat(drain(s, RelationResolver::changes))
        .containsExactly(
            "cluster-relation-joined a/1",
            "cluster-relation-changed a/1",
            "cluster-relation-joined a/2",
            "cluster-relation-changed a/2");
    s[0] = s[0].apply(peers(Map.of("a/1", 1L, "a/2", 2L), 0));
    assertThat(drain(s, RelationResolver::changes)).containsExactly("cluster-relation-changed a/2");
  }

  @Test
  void aUnitThatLeftIsDepartedOnceAndHeardOfNoMore() {
    UnitState[] s = {started(false).apply(peers(Map.of("a/1", 1L, "a/2", 1L), 0))};
    drain(s, RelationResolver::created);
    drain(s, RelationResolver::changes);
    s[0] = s[0].apply(peers(Map.of("a/1", 1L), 0));
    assertThat(drain(s, RelationResolver::changes))
        .containsExactly("cluster-relation-departed a/2 by a/2");
  }

  @Test
  void theApplicationDatabagIsChangedBeforeJoinsButNotForVersionZeroNorTheUnitsOwnWrite() {
    UnitState[] s = {started(true).apply(peers(Map.of(), 0))};
    drain(s, RelationResolver::created);
    assertThat(drain(s, RelationResolver::changes)).as("nobody wrote it").isEmpty();
    s[0] = s[0].apply(peers(Map.of("a/1", 1L), 3));
    assertThat(drain(s, RelationResolver::changes))
        .containsExactly(
            "cluster-relation-changed ",
            "cluster-relation-joined a/1",
            "cluster-relation-changed a/1");
    s[0] =
        s[0].apply(
            new RelationsAssigned(
                List.of(
                    new RelationSnapshot(
                        1, "cluster", "a", new TreeMap<>(Map.of("a/1", 1L)), 4, true)),
                AT));
    assertThat(drain(s, RelationResolver::changes)).as("its own write").isEmpty();
  }

  @Test
  void aDyingUnitDepartsEveryoneItJoinedNamingItselfAndNothingOnceStopped() {
    UnitState[] s = {started(false).apply(peers(Map.of("a/1", 1L, "a/2", 1L), 0))};
    drain(s, RelationResolver::created);
    drain(s, RelationResolver::changes);
    assertThat(RelationResolver.departures(s[0])).as("alive").isEmpty();
    s[0] = s[0].apply(new LifeAssigned(Life.DYING, AT));
    assertThat(RelationResolver.created(s[0])).isEmpty();
    assertThat(drain(s, RelationResolver::departures))
        .containsExactly(
            "cluster-relation-departed a/1 by a/0", "cluster-relation-departed a/2 by a/0");
    UnitState stopped = completed(s[0], PlannedHook.of(HookKind.STOP, 1, 1));
    assertThat(RelationResolver.departures(stopped.apply(peers(Map.of("a/3", 1L), 0)))).isEmpty();
  }

  /** Relation 4 ({@code db}) of application a with application pg, whose units are in scope. */
  private static RelationsAssigned withPg(
      Map<String, Long> pgUnits, long pgApplicationVersion, boolean removed) {
    return new RelationsAssigned(
        List.of(
            new RelationSnapshot(
                4, "db", "pg", new TreeMap<>(pgUnits), pgApplicationVersion, false, true, removed)),
        AT);
  }

  @Test
  void withAnotherApplicationItsDatabagIsChangedBeforeJoinsThenEachOfItsUnitsJoinedAndChanged() {
    UnitState[] s = {started(false).apply(withPg(Map.of("pg/1", 3L, "pg/0", 2L), 4, false))};
    PlannedHook created = RelationResolver.created(s[0]).orElseThrow();
    assertThat(created.name()).isEqualTo("db-relation-created");
    assertThat(((PlannedHook.Relation) created).relation().remoteApplication()).isEqualTo("pg");
    s[0] = completed(s[0], created);
    assertThat(drain(s, RelationResolver::changes))
        .containsExactly(
            "db-relation-changed ",
            "db-relation-joined pg/0",
            "db-relation-changed pg/0",
            "db-relation-joined pg/1",
            "db-relation-changed pg/1");
    s[0] = s[0].apply(withPg(Map.of("pg/1", 5L), 6, false));
    assertThat(drain(s, RelationResolver::changes))
        .containsExactly(
            "db-relation-departed pg/0 by pg/0",
            "db-relation-changed ",
            "db-relation-changed pg/1");
  }

  @Test
  void aRemovedRelationDepartsEveryRemoteUnitThenIsBrokenOnceAndIsGone() {
    UnitState[] s = {started(false).apply(withPg(Map.of("pg/0", 2L, "pg/1", 3L), 0, false))};
    drain(s, RelationResolver::created);
    drain(s, RelationResolver::changes);
    s[0] = s[0].apply(withPg(Map.of("pg/0", 2L, "pg/1", 3L), 0, true));
    List<String> ran = new ArrayList<>();
    for (Optional<PlannedHook> hook = RelationResolver.changes(s[0]);
        hook.isPresent();
        hook = RelationResolver.changes(s[0])) {
      ran.add(
          hook.get().name()
              + " "
              + ((PlannedHook.Relation) hook.get()).relation().remoteUnit()
              + "/"
              + ((PlannedHook.Relation) hook.get()).relation().remoteApplication());
      s[0] = completed(s[0], hook.get());
    }
    assertThat(ran)
        .containsExactly(
            "db-relation-departed pg/0/pg",
            "db-relation-departed pg/1/pg",
            "db-relation-broken /pg");
    assertThat(s[0].relations().local()).doesNotContainKey(4L);
    assertThat(RelationResolver.created(s[0])).as("not created again").isEmpty();
  }

  @Test
  void aRelationRemovedBeforeTheUnitSawItCreatedCostsItNoHook() {
    UnitState[] s = {started(false).apply(withPg(Map.of("pg/0", 2L), 1, true))};
    assertThat(RelationResolver.created(s[0])).isEmpty();
    assertThat(RelationResolver.changes(s[0])).isEmpty();
  }

  @Test
  void aDyingUnitDepartsTheOtherApplicationsUnitsNamingItselfThenBreaksTheRelation() {
    UnitState[] s = {started(false).apply(withPg(Map.of("pg/0", 2L), 0, false))};
    drain(s, RelationResolver::created);
    drain(s, RelationResolver::changes);
    s[0] = s[0].apply(new LifeAssigned(Life.DYING, AT));
    assertThat(drain(s, RelationResolver::departures))
        .containsExactly("db-relation-departed pg/0 by a/0", "db-relation-broken ");
  }

  @Test
  void aPeerRelationBeingRemovedIsDepartedButNeverBroken() {
    UnitState[] s = {started(false).apply(peers(Map.of("a/1", 1L), 0))};
    drain(s, RelationResolver::created);
    drain(s, RelationResolver::changes);
    s[0] =
        s[0].apply(
            new RelationsAssigned(
                List.of(
                    new RelationSnapshot(
                        1,
                        "cluster",
                        "a",
                        new TreeMap<>(Map.of("a/1", 1L)),
                        0,
                        false,
                        false,
                        true)),
                AT));
    assertThat(drain(s, RelationResolver::changes))
        .containsExactly("cluster-relation-departed a/1 by a/1");
  }
}
