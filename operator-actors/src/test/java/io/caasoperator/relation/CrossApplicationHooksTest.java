package io.caasoperator.relation;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.domain.ApplicationName;
import io.caasoperator.domain.CharmInfo;
import io.caasoperator.domain.CharmRef;
import io.caasoperator.domain.UnitId;
import io.caasoperator.persistence.UnitEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Both sides of a relation between two applications, pg (its {@code database} endpoint provides)
 * and wp (its {@code db} requires), as the operators' decisions and each unit's resolver produce
 * their hooks, each side's published side handed to the other as a model does: joins and departures
 * interleaved with scale, a change of leader, the relation's removal, and a unit that leaves while
 * the other side's joins of it are queued. Pure: no actors, no processes.
 */
class CrossApplicationHooksTest {
  private static final ApplicationName PG = ApplicationName.of("pg");
  private static final ApplicationName WP = ApplicationName.of("wp");
  private static final DeclaredRelation FROM_PG =
      new DeclaredRelation(2, "database", "pgsql", "wp", "db");
  private static final DeclaredRelation FROM_WP =
      new DeclaredRelation(2, "db", "pgsql", "pg", "database");

  private static CharmInfo charm(String name) {
    return new CharmInfo(
        1,
        name,
        new CharmRef("/" + name, null, 1, false),
        "c".repeat(64),
        List.of(),
        Set.of(),
        true,
        Map.of(),
        Map.of(),
        Map.of(),
        Map.of());
  }

  private final SimulatedApp pg = new SimulatedApp(PG, charm("pg"), true);
  private final SimulatedApp wp = new SimulatedApp(WP, charm("wp"), true);

  /** The two applications, related, each side passed to the other as soon as it changes. */
  private void related() {
    pg.model = sides -> sides.forEach(wp::observed);
    wp.model = sides -> sides.forEach(pg::observed);
    pg.declared(FROM_PG);
    wp.declared(FROM_WP);
  }

  /** Both applications' units take turns until neither has a hook to run. */
  private void settle() {
    for (int i = 0; i < 50; i++) {
      int before = pg.hooksRun + wp.hooksRun;
      pg.settle();
      wp.settle();
      if (pg.hooksRun + wp.hooksRun == before) return;
    }
    throw new AssertionError("never settles");
  }

  /** pg/0, wp/0 and wp/1, related and settled, the hooks they ran forgotten. */
  private void settledWithUnits() {
    related();
    pg.add(0);
    wp.add(0);
    wp.add(1);
    settle();
    forget();
  }

  private void forget() {
    for (SimulatedApp app : List.of(pg, wp)) app.units.keySet().forEach(app::ran);
  }

  private static UnitId pg(int n) {
    return new UnitId(PG, n);
  }

  private static UnitId wp(int n) {
    return new UnitId(WP, n);
  }

  private static List<String> joins(String endpoint, String... units) {
    List<String> hooks = new ArrayList<>();
    for (String unit : units) {
      hooks.add(endpoint + "-relation-joined " + unit);
      hooks.add(endpoint + "-relation-changed " + unit);
    }
    return hooks;
  }

  /**
   * What a dying unit runs: relation-departed for each remote unit naming itself, then the relation
   * is broken for it and it stops.
   */
  private static List<String> leaves(String endpoint, String leaver, String... remotes) {
    List<String> hooks = new ArrayList<>();
    for (String remote : remotes) {
      hooks.add(endpoint + "-relation-departed " + remote + " (departing " + leaver + ")");
    }
    hooks.addAll(List.of(endpoint + "-relation-broken", "stop", "remove"));
    return hooks;
  }

  private static List<String> startUp(String endpoint, String leadership, List<String> then) {
    List<String> hooks =
        new ArrayList<>(
            List.of(
                "install", endpoint + "-relation-created", leadership, "config-changed", "start"));
    hooks.addAll(then);
    return hooks;
  }

  @Test
  void eachSideCreatesTheRelationAfterInstallThenJoinsEachOtherUnitAfterStartAndScaleJoinsMore() {
    related();
    pg.add(0);
    wp.add(0);
    wp.add(1);
    settle();
    assertThat(pg.ran(pg(0)))
        .containsExactlyElementsOf(
            startUp("database", "leader-elected", joins("database", "wp/0", "wp/1")));
    assertThat(wp.ran(wp(0)))
        .containsExactlyElementsOf(startUp("db", "leader-elected", joins("db", "pg/0")));
    assertThat(wp.ran(wp(1)))
        .containsExactlyElementsOf(startUp("db", "leader-settings-changed", joins("db", "pg/0")));
    assertThat(pg.operator.relations().byId().get(2L).remoteUnits())
        .containsOnlyKeys("wp/0", "wp/1");

    pg.add(1);
    settle();
    assertThat(pg.ran(pg(1)))
        .containsExactlyElementsOf(
            startUp("database", "leader-settings-changed", joins("database", "wp/0", "wp/1")));
    assertThat(pg.ran(pg(0))).as("its own application's new unit is no member here").isEmpty();
    assertThat(wp.ran(wp(0))).containsExactlyElementsOf(joins("db", "pg/1"));
    assertThat(wp.ran(wp(1))).containsExactlyElementsOf(joins("db", "pg/1"));

    // scale-down: the leaver departs every remote unit naming itself, and breaks the relation;
    // the other side departs it
    wp.dying(wp(1));
    settle();
    assertThat(wp.ran(wp(1))).containsExactlyElementsOf(leaves("db", "wp/1", "pg/0", "pg/1"));
    assertThat(pg.ran(pg(0))).containsExactly("database-relation-departed wp/1 (departing wp/1)");
    assertThat(pg.ran(pg(1))).containsExactly("database-relation-departed wp/1 (departing wp/1)");
    assertThat(wp.ran(wp(0))).isEmpty();
  }

  @Test
  void theLeadersApplicationDatabagReachesTheOtherSideAndANewLeadersWritesDoToo() {
    settledWithUnits();
    pg.add(1);
    settle();
    forget();

    pg.writesInAHook(
        pg(0),
        new UnitEvent.RelationSettingsWritten(2, null, Map.of("url", "pg-0"), SimulatedApp.AT));
    settle();
    assertThat(wp.operator.relations().byId().get(2L).remoteApplicationBag().settings())
        .containsEntry("url", "pg-0");
    assertThat(wp.ran(wp(0))).containsExactly("db-relation-changed app");
    assertThat(wp.ran(wp(1))).containsExactly("db-relation-changed app");
    assertThat(pg.ran(pg(1))).as("no hook on its own side").isEmpty();
    assertThat(pg.ran(pg(0))).as("nor for the writer").containsExactly("update-status");

    pg.dying(pg(0));
    settle();
    assertThat(pg.operator.leader()).isEqualTo(pg(1));
    assertThat(pg.ran(pg(1))).containsExactly("leader-elected");
    assertThat(pg.ran(pg(0))).containsExactlyElementsOf(leaves("database", "pg/0", "wp/0", "wp/1"));
    assertThat(wp.ran(wp(0))).containsExactly("db-relation-departed pg/0 (departing pg/0)");
    assertThat(wp.ran(wp(1))).containsExactly("db-relation-departed pg/0 (departing pg/0)");

    pg.writesInAHook(
        pg(1),
        new UnitEvent.RelationSettingsWritten(2, null, Map.of("url", "pg-1"), SimulatedApp.AT));
    settle();
    assertThat(wp.ran(wp(0))).containsExactly("db-relation-changed app");
    assertThat(wp.ran(wp(1))).containsExactly("db-relation-changed app");
  }

  @Test
  void removingTheRelationDepartsEveryRemoteUnitThenBreaksItOnBothSidesAndNothingFollows() {
    settledWithUnits();
    pg.declared();
    wp.declared();
    settle();
    assertThat(pg.ran(pg(0)))
        .containsExactly(
            "database-relation-departed wp/0 (departing wp/0)",
            "database-relation-departed wp/1 (departing wp/1)",
            "database-relation-broken");
    assertThat(wp.ran(wp(0)))
        .containsExactly("db-relation-departed pg/0 (departing pg/0)", "db-relation-broken");
    assertThat(wp.ran(wp(1)))
        .containsExactly("db-relation-departed pg/0 (departing pg/0)", "db-relation-broken");

    // a unit added afterwards never hears of the relation, on either side
    wp.add(2);
    pg.add(1);
    settle();
    assertThat(wp.ran(wp(2)))
        .containsExactly("install", "leader-settings-changed", "config-changed", "start");
    assertThat(pg.ran(pg(0))).isEmpty();
    assertThat(pg.ran(pg(1)))
        .containsExactly("install", "leader-settings-changed", "config-changed", "start");
  }

  @Test
  void aUnitThatLeavesWhileTheOtherSidesJoinsOfItAreQueuedCostsOnlyWhatWasStarted() {
    settledWithUnits();
    pg.add(1);
    settle();
    forget();

    wp.add(2);
    // pg/0 joins wp/2, its relation-changed still owed; pg/1 has not joined it yet
    assertThat(pg.start(pg(0)).name()).isEqualTo("database-relation-joined");
    pg.complete(pg(0), List.of());
    wp.dying(wp(2));
    settle();
    assertThat(pg.ran(pg(0)))
        .containsExactly(
            "database-relation-joined wp/2",
            "database-relation-changed wp/2",
            "database-relation-departed wp/2 (departing wp/2)");
    assertThat(pg.ran(pg(1))).as("never joined, so nothing to depart").isEmpty();
    assertThat(wp.ran(wp(2))).as("dying before install, it runs nothing").isEmpty();
  }
}
