package io.caasoperator.relation;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.domain.ApplicationName;
import io.caasoperator.domain.CharmInfo;
import io.caasoperator.domain.CharmRef;
import io.caasoperator.domain.UnitId;
import io.caasoperator.persistence.UnitEvent;
import io.caasoperator.unit.UnitResolver;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Peer relation hooks across units, as the operator's decisions ({@link RelationScopes}, {@link
 * DatabagWrites}) and each unit's resolver produce them together: an application driven hook by
 * hook, units taking turns, the operator telling every unit what changed after each step. Pure: no
 * actors, no processes.
 */
class PeerHooksTest {
  private static final Instant AT = SimulatedApp.AT;
  private static final ApplicationName APP = ApplicationName.of("db");
  private static final CharmInfo CHARM =
      new CharmInfo(
          1,
          "db",
          new CharmRef("/db", null, 1, false),
          "d".repeat(64),
          List.of(),
          Set.of(),
          true,
          Map.of(),
          Map.of(),
          Map.of("cluster", "db-peers"),
          Map.of());

  /** The application db, alone, its charm declaring the peer relation cluster. */
  private static SimulatedApp app() {
    return new SimulatedApp(APP, CHARM, false);
  }

  /** What a unit runs as it joins each of these peers in turn: relation-joined, then -changed. */
  private static List<String> joins(String... peers) {
    List<String> hooks = new ArrayList<>();
    for (String peer : peers) {
      hooks.add("cluster-relation-joined " + peer);
      hooks.add("cluster-relation-changed " + peer);
    }
    return hooks;
  }

  /** What a dying unit runs: relation-departed for each remaining peer naming itself, then stop. */
  private static List<String> leaves(String leaver, String... peers) {
    List<String> hooks = new ArrayList<>();
    for (String peer : peers) {
      hooks.add("cluster-relation-departed " + peer + " (departing " + leaver + ")");
    }
    return then(hooks, List.of("stop", "remove"));
  }

  private static List<String> then(List<String> first, List<String> next) {
    List<String> all = new ArrayList<>(first);
    all.addAll(next);
    return all;
  }

  /**
   * The addresses {@link RelationScopes} puts in the databag of a unit of that IP, as Juju does.
   */
  private static Map<String, String> addresses(String ip) {
    return Map.of("private-address", ip, "ingress-address", ip, "egress-subnets", ip + "/32");
  }

  private static Map<String, String> readyWithTheAddresses(String ip) {
    Map<String, String> settings = new TreeMap<>(addresses(ip));
    settings.put("ready", "yes");
    return settings;
  }

  private static final UnitId U0 = UnitId.of("db", 0);
  private static final UnitId U1 = UnitId.of("db", 1);
  private static final UnitId U2 = UnitId.of("db", 2);

  @Test
  void aNewUnitRunsCreatedAfterInstallThenJoinsEachPeerAfterStartAndThePeersJoinIt() {
    SimulatedApp app = app();
    app.add(0);
    app.settle();
    assertThat(app.ran(U0))
        .containsExactly(
            "install", "cluster-relation-created", "leader-elected", "config-changed", "start");
    assertThat(app.operator.relations().byId().get(0L).key()).isEqualTo("cluster:0");
    assertThat(app.operator.relations().byId().get(0L).units().get("db/0").settings())
        .isEqualTo(addresses("10.0.0.0"));

    app.add(1);
    app.add(2);
    app.settle();
    assertThat(app.ran(U1))
        .containsExactly(
            "install",
            "cluster-relation-created",
            "leader-settings-changed",
            "config-changed",
            "start",
            "cluster-relation-joined db/0",
            "cluster-relation-changed db/0",
            "cluster-relation-joined db/2",
            "cluster-relation-changed db/2");
    assertThat(app.ran(U0)).containsExactlyElementsOf(joins("db/1", "db/2"));
    assertThat(app.ran(U2))
        .containsExactlyElementsOf(
            then(
                List.of(
                    "install",
                    "cluster-relation-created",
                    "leader-settings-changed",
                    "config-changed",
                    "start"),
                joins("db/0", "db/1")));
  }

  @Test
  void
      aUnitDatabagChangeRunsChangedOnTheOthersAndAnApplicationDatabagChangeOnTheOthersWithNoRemoteUnit() {
    SimulatedApp app = app().settled(3);

    // db/1 runs a hook (update-status, say) that writes its databag
    // relation-set writes the whole databag, its addresses included
    app.writesInAHook(
        U1, new UnitEvent.RelationSettingsWritten(0, readyWithTheAddresses("10.0.0.1"), null, AT));
    app.settle();
    assertThat(app.operator.relations().byId().get(0L).units().get("db/1").settings())
        .containsEntry("ready", "yes");
    assertThat(app.ran(U0)).containsExactly("cluster-relation-changed db/1");
    assertThat(app.ran(U2)).containsExactly("cluster-relation-changed db/1");
    assertThat(app.ran(U1))
        .as("nobody gets relation-changed for its own write")
        .containsExactly("update-status");

    // the leader writes the application's databag
    app.writesInAHook(
        U0, new UnitEvent.RelationSettingsWritten(0, null, Map.of("primary", "db/0"), AT));
    app.settle();
    assertThat(app.ran(U0)).containsExactly("update-status");
    assertThat(app.ran(U1)).containsExactly("cluster-relation-changed app");
    assertThat(app.ran(U2)).containsExactly("cluster-relation-changed app");
  }

  @Test
  void aNonLeadersApplicationDatabagWriteIsNeverRecorded() {
    SimulatedApp app = app().settled(2);
    app.unitRecords(
        U1, List.of(new UnitEvent.RelationSettingsWritten(0, null, Map.of("primary", "db/1"), AT)));
    app.reconcile();
    assertThat(app.operator.relations().byId().get(0L).application().settings()).isEmpty();
  }

  @Test
  void scaleDownDepartsTheLeaverEverywhereAndTheLeaverDepartsEveryPeerBeforeStopAndRemove() {
    SimulatedApp app = app().settled(3);

    app.dying(U2);
    app.settle();
    assertThat(app.ran(U0)).containsExactly("cluster-relation-departed db/2 (departing db/2)");
    assertThat(app.ran(U1)).containsExactly("cluster-relation-departed db/2 (departing db/2)");
    assertThat(app.ran(U2)).containsExactlyElementsOf(leaves("db/2", "db/0", "db/1"));
    assertThat(app.units.get(U2).isDead()).isTrue();
    assertThat(app.operator.relations().byId().get(0L).units()).containsOnlyKeys("db/0", "db/1");
  }

  @Test
  void aUnitThatLeavesWhileItsJoinedHooksAreQueuedElsewhereGetsNoHookThere() {
    SimulatedApp app = app().settled(2);

    app.add(2);
    // db/0 joins db/2 but its relation-changed is still owed; db/1 has not even joined it
    app.start(U0);
    app.complete(U0, List.of());
    app.dying(U2);
    app.settle();
    assertThat(app.ran(U0))
        .containsExactly(
            "cluster-relation-joined db/2",
            "cluster-relation-changed db/2",
            "cluster-relation-departed db/2 (departing db/2)");
    assertThat(app.ran(U1)).as("never joined, so nothing to depart").isEmpty();
    assertThat(app.ran(U2)).as("dying before it was installed, it runs nothing").isEmpty();
  }

  @Test
  void aRestartInTheMiddleOfASequenceRunsTheInterruptedHookOnceAndLosesNone() {
    SimulatedApp app = app();
    app.add(0);
    app.settle();
    app.ran(U0);
    app.add(1);
    app.add(2);
    // db/0 starts joining db/1, then the operator crashes: its unit recovers from its journal
    assertThat(app.start(U0).name()).isEqualTo("cluster-relation-joined");
    app.units.put(U0, app.recovered(U0));
    assertThat(app.units.get(U0).running()).as("the interrupted hook is still started").isNotNull();
    app.reconcile(); // the recovered unit is told again what is wanted: nothing new is recorded
    app.settle();
    assertThat(app.ran(U0)).containsExactlyElementsOf(joins("db/1", "db/2"));

    // and after a completed sequence, recovery decides nothing more
    assertThat(UnitResolver.next(app.recovered(U0), UnitResolver.Activity.IDLE))
        .isInstanceOf(UnitResolver.Next.Wait.class);
  }

  @Test
  void
      whenTheLeaderLeavesTheNewLeaderIsElectedAmidTheDeparturesAndItsApplicationWritesReachTheOthers() {
    SimulatedApp app = app().settled(3);

    app.dying(U0);
    app.settle();
    assertThat(app.operator.leader()).isEqualTo(U1);
    assertThat(app.ran(U1))
        .containsExactly("leader-elected", "cluster-relation-departed db/0 (departing db/0)");
    assertThat(app.ran(U2)).containsExactly("cluster-relation-departed db/0 (departing db/0)");
    assertThat(app.ran(U0)).containsExactlyElementsOf(leaves("db/0", "db/1", "db/2"));

    app.writesInAHook(
        U1, new UnitEvent.RelationSettingsWritten(0, null, Map.of("primary", "db/1"), AT));
    app.settle();
    assertThat(app.operator.relations().byId().get(0L).application().settings())
        .containsEntry("primary", "db/1");
    assertThat(app.ran(U1)).containsExactly("update-status");
    assertThat(app.ran(U2)).containsExactly("cluster-relation-changed app");
  }

  @Test
  void
      aUnitWhoseAddressesWereNotKnownWhenItEnteredGetsThemInItsDatabagOnceKnownAndItsPeersHearOfIt() {
    SimulatedApp app = app().settled(1);
    SimulatedApp.WITHOUT_IP.add(U1);
    try {
      app.add(1);
      app.settle();
      assertThat(app.operator.relations().byId().get(0L).units().get("db/1").settings()).isEmpty();
      // the hook db/1 ran wrote its databag before its pod had an IP
      app.writesInAHook(
          U1, new UnitEvent.RelationSettingsWritten(0, Map.of("ready", "yes"), null, AT));
      app.settle();
      app.ran(U0);
      app.ran(U1);
    } finally {
      SimulatedApp.WITHOUT_IP.remove(U1);
    }
    app.reconcile(); // the substrate reports the pod again, with its IP
    app.settle();
    assertThat(app.operator.relations().byId().get(0L).units().get("db/1").settings())
        .isEqualTo(readyWithTheAddresses("10.0.0.1"));
    assertThat(app.ran(U0)).containsExactly("cluster-relation-changed db/1");
    assertThat(app.ran(U1)).isEmpty();
    app.reconcile();
    assertThat(app.operator.relations().byId().get(0L).units().get("db/1").version())
        .as("filled once")
        .isEqualTo(app.operator.relations().byId().get(0L).changes());
  }

  @Test
  void aFailedHooksWriteIsNeverSeenByItsPeerWhileTheSameWriteByItsRetryIs() {
    SimulatedApp app = app().settled(2);
    // what relation-set writes: the whole databag, its addresses and "ready"
    var ready =
        new UnitEvent.RelationSettingsWritten(0, readyWithTheAddresses("10.0.0.1"), null, AT);
    long seen = app.units.get(U0).relations().remote().get(0L).members().get("db/1");

    app.startsUpdateStatus(U1);
    app.writes(U1, ready);
    app.fails(U1);
    app.settle();
    assertThat(app.operator.relations().byId().get(0L).units().get("db/1").settings())
        .doesNotContainKey("ready");
    assertThat(app.units.get(U0).relations().remote().get(0L).members().get("db/1"))
        .as("db/0 is told of no change in db/1's databag")
        .isEqualTo(seen);
    assertThat(app.ran(U0)).isEmpty();
    assertThat(app.ran(U1)).containsExactly("update-status (failed)");

    // the same write, made by the hook's retry that completes, reaches db/0: the absence above is
    // the failure's doing, not a write that goes nowhere
    app.retries(U1);
    app.writes(U1, ready);
    app.complete(U1, List.of());
    app.settle();
    assertThat(app.operator.relations().byId().get(0L).units().get("db/1").settings())
        .containsEntry("ready", "yes");
    assertThat(app.units.get(U0).relations().remote().get(0L).members().get("db/1"))
        .isGreaterThan(seen);
    assertThat(app.ran(U0)).containsExactly("cluster-relation-changed db/1");
  }
}
