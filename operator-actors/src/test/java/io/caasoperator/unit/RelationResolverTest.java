package io.caasoperator.unit;

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
      RelationHook r = hook.get().relation();
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
    assertThat(created.relation().remoteApplication()).isEqualTo("a");
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
}
