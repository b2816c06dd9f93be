package io.caasoperator.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.domain.UnitId;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class RelationStateTest {
  private static final Instant AT = Instant.parse("2026-11-23T12:00:00Z");
  private static final UnitId U0 = UnitId.of("hello", 0);
  private static final UnitId U1 = UnitId.of("hello", 1);

  private static OperatorState operator(OperatorEvent... events) {
    OperatorState s = OperatorState.initial();
    for (OperatorEvent e : events) s = s.apply(e);
    return s;
  }

  @Test
  void unitsEnterWithTheirAddressesAndEachChangeGetsANewVersion() {
    OperatorState s =
        operator(
            new OperatorEvent.RelationCreated(0, "cluster", "peers", "hello", AT),
            new OperatorEvent.RelationUnitEntered(0, U0, Map.of("private-address", "10.0.0.1"), AT),
            new OperatorEvent.RelationUnitEntered(
                0, U1, Map.of("private-address", "10.0.0.2"), AT));
    ApplicationRelations.Relation r = s.relations().byId().get(0L);
    assertThat(r.key()).isEqualTo("cluster:0");
    assertThat(r.units()).containsOnlyKeys("hello/0", "hello/1");
    assertThat(r.units().get("hello/0").version()).isEqualTo(1);
    assertThat(r.units().get("hello/1").version()).isEqualTo(2);

    s =
        s.apply(
            new OperatorEvent.RelationSettingsChanged(
                0,
                U0,
                1,
                Map.of("private-address", "10.0.0.1", "k", "v"),
                Map.of("leader", "yes"),
                AT));
    r = s.relations().byId().get(0L);
    assertThat(r.units().get("hello/0"))
        .isEqualTo(
            new ApplicationRelations.Databag(Map.of("private-address", "10.0.0.1", "k", "v"), 3));
    assertThat(r.application())
        .isEqualTo(new ApplicationRelations.Databag(Map.of("leader", "yes"), 4));
    assertThat(r.applicationWriter()).isEqualTo("hello/0");
    assertThat(r.appliedWrites()).containsEntry("hello/0", 1L);
  }

  @Test
  void aUnitThatLeavesTakesItsDatabagAndCountsItsWritesAfreshWhenItEntersAgain() {
    OperatorState s =
        operator(
            new OperatorEvent.RelationCreated(0, "cluster", "peers", "hello", AT),
            new OperatorEvent.RelationUnitEntered(0, U1, Map.of(), AT),
            new OperatorEvent.RelationSettingsChanged(0, U1, 3, Map.of("k", "v"), null, AT),
            new OperatorEvent.RelationUnitLeft(0, U1, AT));
    assertThat(s.relations().byId().get(0L).units()).isEmpty();
    assertThat(s.relations().byId().get(0L).departedUnits().get("hello/1").settings())
        .as("still readable")
        .containsEntry("k", "v");
    s = s.apply(new OperatorEvent.RelationUnitEntered(0, U1, Map.of(), AT));
    assertThat(s.relations().byId().get(0L).appliedWrites()).doesNotContainKey("hello/1");
    assertThat(s.relations().byId().get(0L).units().get("hello/1").version()).isEqualTo(3);
  }

  @Test
  void completedRelationHooksMoveWhatTheUnitHasSeen() {
    UnitState s =
        assigned(
            new UnitRelations.RelationSnapshot(
                0, "cluster", "hello", new TreeMap<>(Map.of("hello/1", 2L)), 0, false));
    s = completed(s, HookKind.RELATION_CREATED, new RelationHook(0, "cluster", "", "hello", "", 0));
    assertThat(s.relations().local(0).created()).isTrue();
    s =
        completed(
            s, HookKind.RELATION_JOINED, new RelationHook(0, "cluster", "hello/1", "hello", "", 2));
    assertThat(s.relations().local(0).members()).containsEntry("hello/1", 2L);
    assertThat(s.relations().local(0).changedPending()).isEqualTo("hello/1");
    s =
        completed(
            s,
            HookKind.RELATION_CHANGED,
            new RelationHook(0, "cluster", "hello/1", "hello", "", 2));
    assertThat(s.relations().local(0).changedPending()).isEmpty();
    s = completed(s, HookKind.RELATION_CHANGED, new RelationHook(0, "cluster", "", "hello", "", 7));
    assertThat(s.relations().local(0).applicationVersion()).isEqualTo(7);
    s =
        completed(
            s,
            HookKind.RELATION_DEPARTED,
            new RelationHook(0, "cluster", "hello/1", "hello", "hello/1", 2));
    assertThat(s.relations().local(0).members()).isEmpty();
  }

  @Test
  void aFailedRelationHookMovesNothing() {
    UnitState s = UnitState.initial(U0);
    PlannedHook joined =
        PlannedHook.relation(
            HookKind.RELATION_JOINED,
            new RelationHook(0, "cluster", "hello/1", "hello", "", 2),
            0,
            0);
    s =
        s.apply(new UnitEvent.HookStarted(joined, 1, "ctx", AT))
            .apply(new UnitEvent.HookFailed("cluster-relation-joined", 1, "exit status 1", 3, AT));
    assertThat(s.relations().local(0).members()).isEmpty();
    assertThat(s.failed().hook().name()).isEqualTo("cluster-relation-joined");
  }

  @Test
  void ownWritesAreNumberedPerDatabag() {
    UnitState s =
        UnitState.initial(U0)
            .apply(new UnitEvent.RelationSettingsWritten(0, Map.of("a", "1"), null, AT))
            .apply(new UnitEvent.RelationSettingsWritten(0, null, Map.of("b", "2"), AT));
    UnitRelations.OwnSettings own = s.relations().written().get(0L);
    assertThat(own.sequence()).isEqualTo(2);
    assertThat(own.unit()).isEqualTo(Map.of("a", "1"));
    assertThat(own.unitSequence()).isEqualTo(1);
    assertThat(own.application()).isEqualTo(Map.of("b", "2"));
    assertThat(own.applicationSequence()).isEqualTo(2);
  }

  @Test
  void theOtherApplicationsSideIsRecordedAndEachChangedDatabagGetsANewVersion() {
    OperatorState s =
        operator(
            new OperatorEvent.ApplicationsRelated(4, "db", "pgsql", "postgresql", "database", AT),
            new OperatorEvent.RelationUnitEntered(4, U0, Map.of("private-address", "10.0.0.1"), AT),
            new OperatorEvent.RemoteRelationChanged(
                4,
                new TreeMap<>(
                    Map.of(
                        "postgresql/0", Map.of("private-address", "10.0.1.1"),
                        "postgresql/1", Map.of("private-address", "10.0.1.2"))),
                Map.of(),
                AT));
    ApplicationRelations.Relation r = s.relations().byId().get(4L);
    assertThat(r.crossApplication()).isTrue();
    assertThat(r.remoteEndpoint()).isEqualTo("database");
    assertThat(r.key()).isEqualTo("db:4");
    assertThat(s.relations().lastId()).isEqualTo(4);
    assertThat(r.units()).containsOnlyKeys("hello/0");
    assertThat(r.remoteUnits().get("postgresql/0").version()).isEqualTo(2);
    assertThat(r.remoteUnits().get("postgresql/1").version()).isEqualTo(3);
    assertThat(r.remoteApplicationBag().version()).as("an empty databag, unchanged").isZero();

    // postgresql/1 left, postgresql/0 changed its databag, the application databag was written
    s =
        s.apply(
            new OperatorEvent.RemoteRelationChanged(
                4,
                new TreeMap<>(Map.of("postgresql/0", Map.of("private-address", "10.0.1.9"))),
                Map.of("endpoints", "10.0.1.9:5432"),
                AT));
    r = s.relations().byId().get(4L);
    assertThat(r.remoteUnits()).containsOnlyKeys("postgresql/0");
    assertThat(r.remoteUnits().get("postgresql/0").version()).isEqualTo(4);
    assertThat(r.remoteApplicationBag())
        .isEqualTo(new ApplicationRelations.Databag(Map.of("endpoints", "10.0.1.9:5432"), 5));
    assertThat(r.departedUnits().get("postgresql/1").settings())
        .as("a departed unit's databag stays readable")
        .containsEntry("private-address", "10.0.1.2");

    s = s.apply(new OperatorEvent.RelationRemoved(4, AT));
    assertThat(s.relations().byId().get(4L).removed()).isTrue();
  }

  @Test
  void relationBrokenTakesTheRelationAwayFromTheUnit() {
    UnitState s =
        assigned(
            new UnitRelations.RelationSnapshot(
                4, "db", "postgresql", new TreeMap<>(), 0, false, true, true));
    s = completed(s, HookKind.RELATION_CREATED, new RelationHook(4, "db", "", "postgresql", "", 0));
    assertThat(s.relations().local(4).created()).isTrue();
    s = completed(s, HookKind.RELATION_BROKEN, new RelationHook(4, "db", "", "postgresql", "", 0));
    assertThat(s.relations().local()).doesNotContainKey(4L);
    assertThat(s.relations().local(4).created()).isFalse();
  }

  /** Unit hello/0, told it is in {@code relation}. */
  private static UnitState assigned(UnitRelations.RelationSnapshot relation) {
    return UnitState.initial(U0).apply(new UnitEvent.RelationsAssigned(List.of(relation), AT));
  }

  private static UnitState completed(UnitState s, HookKind kind, RelationHook relation) {
    PlannedHook hook = PlannedHook.relation(kind, relation, 0, 0);
    return s.apply(new UnitEvent.HookStarted(hook, 1, "ctx", AT))
        .apply(new UnitEvent.HookCompleted(hook.name(), 1, AT));
  }
}
