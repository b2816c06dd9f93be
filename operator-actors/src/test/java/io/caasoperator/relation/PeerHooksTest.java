package io.caasoperator.relation;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.domain.ApplicationName;
import io.caasoperator.domain.CharmInfo;
import io.caasoperator.domain.CharmRef;
import io.caasoperator.domain.Life;
import io.caasoperator.domain.UnitAddresses;
import io.caasoperator.domain.UnitId;
import io.caasoperator.persistence.HookKind;
import io.caasoperator.persistence.OperatorEvent;
import io.caasoperator.persistence.OperatorState;
import io.caasoperator.persistence.PlannedHook;
import io.caasoperator.persistence.UnitEvent;
import io.caasoperator.persistence.UnitState;
import io.caasoperator.unit.Desired;
import io.caasoperator.unit.UnitResolver;
import java.time.Duration;
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
  private static final Instant AT = Instant.parse("2026-11-23T12:00:00Z");
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

  /** Units whose pods have no IP yet (none, unless a test says so). */
  private static final Set<UnitId> WITHOUT_IP = new java.util.concurrent.CopyOnWriteArraySet<>();

  private static final UnitAddresses.Source ADDRESSES =
      unit ->
          WITHOUT_IP.contains(unit)
              ? UnitAddresses.UNKNOWN
              : new UnitAddresses(
                  List.of(),
                  List.of("10.0.0." + unit.ordinal()),
                  List.of("10.0.0." + unit.ordinal() + "/32"),
                  "10.0.0." + unit.ordinal(),
                  "");

  /** The application: the operator's journal, each unit's journal, and the hooks each unit ran. */
  private static final class App {
    OperatorState operator =
        OperatorState.initial()
            .apply(new OperatorEvent.CharmDeployed(CHARM, AT))
            .apply(new OperatorEvent.ConfigChanged(Map.of(), 1, AT));
    final Map<UnitId, List<UnitEvent>> journals = new TreeMap<>();
    final Map<UnitId, UnitState> units = new TreeMap<>();
    final Map<UnitId, List<String>> ran = new TreeMap<>();

    void operatorRecords(List<? extends OperatorEvent> events) {
      for (OperatorEvent e : events) operator = operator.apply(e);
    }

    void unitRecords(UnitId unit, List<? extends UnitEvent> events) {
      for (UnitEvent e : events) {
        journals.get(unit).add(e);
        units.put(unit, units.get(unit).apply(e));
      }
    }

    /** The operator's level-triggered pass: lives, leader, scopes, writes, then every unit told. */
    void reconcile() {
      UnitId leader =
          operator.units().entrySet().stream()
              .filter(e -> e.getValue() == Life.ALIVE)
              .map(Map.Entry::getKey)
              .filter(u -> u.equals(operator.leader()))
              .findFirst()
              .orElse(
                  operator.units().entrySet().stream()
                      .filter(e -> e.getValue() == Life.ALIVE)
                      .map(Map.Entry::getKey)
                      .findFirst()
                      .orElse(null));
      if (!java.util.Objects.equals(leader, operator.leader()))
        operatorRecords(List.of(new OperatorEvent.LeaderElected(leader, AT)));
      operatorRecords(RelationScopes.reconcile(operator, APP, ADDRESSES, AT));
      for (UnitId unit : units.keySet()) {
        operatorRecords(
            DatabagWrites.unrecorded(operator, unit, units.get(unit).relations().written(), AT));
      }
      for (UnitId unit : units.keySet()) {
        Life life = operator.units().getOrDefault(unit, Life.DEAD);
        if (life == Life.DEAD) continue;
        Desired desired =
            new Desired(
                life,
                CHARM,
                1,
                unit.equals(operator.leader()),
                0,
                Duration.ofMinutes(5),
                List.of(),
                RelationScopes.snapshots(operator, unit));
        unitRecords(unit, desired.changesFrom(units.get(unit), AT));
      }
    }

    /**
     * An application of the given number of units, settled, the hooks they ran so far forgotten.
     */
    static App settled(int units) {
      App app = new App();
      for (int ordinal = 0; ordinal < units; ordinal++) app.add(ordinal);
      app.settle();
      for (UnitId unit : app.units.keySet()) app.ran(unit);
      return app;
    }

    UnitId add(int ordinal) {
      UnitId unit = UnitId.of("db", ordinal);
      journals.put(unit, new ArrayList<>());
      units.put(unit, UnitState.initial(unit));
      ran.put(unit, new ArrayList<>());
      operatorRecords(
          List.of(new OperatorEvent.UnitsUpdated(new TreeMap<>(Map.of(unit, Life.ALIVE)), AT)));
      reconcile();
      return unit;
    }

    void dying(UnitId unit) {
      operatorRecords(
          List.of(new OperatorEvent.UnitsUpdated(new TreeMap<>(Map.of(unit, Life.DYING)), AT)));
      reconcile();
    }

    /** Starts the unit's next hook (HookStarted journaled), if it has one. */
    PlannedHook start(UnitId unit) {
      if (!(UnitResolver.next(units.get(unit), UnitResolver.Activity.IDLE)
          instanceof UnitResolver.Next.Run run)) return null;
      unitRecords(unit, List.of(new UnitEvent.HookStarted(run.hook(), run.attempt(), "ctx", AT)));
      return run.hook();
    }

    /** Starts an update-status hook on the unit, one that may write its databags. */
    void startsUpdateStatus(UnitId unit) {
      unitRecords(
          unit,
          List.of(
              new UnitEvent.HookStarted(PlannedHook.of(HookKind.UPDATE_STATUS, 1, 1), 1, "c", AT)));
    }

    /** Runs an update-status hook on the unit that writes its databags, as relation-set does. */
    void writesInAHook(UnitId unit, UnitEvent.RelationSettingsWritten write) {
      startsUpdateStatus(unit);
      complete(unit, List.of(write));
    }

    /**
     * The running hook's relation-set writes so far, by unit: held with the hook, as the actor's
     * {@code HookWrites} are, journaled with its completion and dropped when it fails ({@code
     * DatabagWritesActorTest} shows the actor journals none of a failed hook's writes).
     */
    final Map<UnitId, List<UnitEvent.RelationSettingsWritten>> staged = new TreeMap<>();

    /** The unit's running hook calls relation-set. */
    void writes(UnitId unit, UnitEvent.RelationSettingsWritten write) {
      staged.computeIfAbsent(unit, u -> new ArrayList<>()).add(write);
    }

    /** The unit's running hook exits non-zero: its failure is journaled, its writes dropped. */
    void fails(UnitId unit) {
      PlannedHook hook = units.get(unit).running().hook();
      staged.remove(unit);
      unitRecords(unit, List.of(new UnitEvent.HookFailed(hook.name(), 1, "exit status 1", 1, AT)));
      ran.get(unit).add(label(hook) + " (failed)");
      reconcile();
    }

    /** The failed hook's retry is due and starts (HookStarted journaled). */
    void retries(UnitId unit) {
      if (!(UnitResolver.next(
              units.get(unit), new UnitResolver.Activity(false, false, false, true, false))
          instanceof UnitResolver.Next.Run run))
        throw new AssertionError(unit + " has no failed hook to retry");
      unitRecords(unit, List.of(new UnitEvent.HookStarted(run.hook(), run.attempt(), "ctx", AT)));
    }

    /** Completes the unit's running hook with its databag writes, as the actor journals them. */
    void complete(UnitId unit, List<UnitEvent.RelationSettingsWritten> writes) {
      PlannedHook hook = units.get(unit).running().hook();
      List<UnitEvent> completion = new ArrayList<>(staged.getOrDefault(unit, List.of()));
      staged.remove(unit);
      completion.addAll(writes);
      completion.add(new UnitEvent.HookCompleted(hook.name(), 1, AT));
      unitRecords(unit, completion);
      ran.get(unit).add(label(hook));
      if (hook.kind() == HookKind.REMOVE) {
        operatorRecords(List.of(new OperatorEvent.UnitRemoved(unit, AT)));
      }
      reconcile();
    }

    /** Units take turns, one hook each, until none has anything to do. */
    void settle() {
      for (int i = 0; i < 200; i++) {
        boolean any = false;
        for (UnitId unit : new ArrayList<>(units.keySet())) {
          if (units.get(unit).isDead()) continue;
          if (start(unit) != null) {
            complete(unit, List.of());
            any = true;
          }
        }
        if (!any) return;
      }
      throw new AssertionError("never settles: " + ran);
    }

    List<String> ran(UnitId unit) {
      List<String> hooks = new ArrayList<>(ran.get(unit));
      ran.get(unit).clear();
      return hooks;
    }

    UnitState recovered(UnitId unit) {
      UnitState s = UnitState.initial(unit);
      for (UnitEvent e : journals.get(unit)) s = s.apply(e);
      return s;
    }
  }

  private static String label(PlannedHook hook) {
    if (hook.relation() == null) return hook.name();
    String remote = hook.relation().remoteUnit().isEmpty() ? "app" : hook.relation().remoteUnit();
    return hook.name()
        + (hook.kind() == HookKind.RELATION_CREATED ? "" : " " + remote)
        + (hook.relation().departingUnit().isEmpty()
            ? ""
            : " (departing " + hook.relation().departingUnit() + ")");
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
    App app = new App();
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
    App app = App.settled(3);

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
    App app = App.settled(2);
    app.unitRecords(
        U1, List.of(new UnitEvent.RelationSettingsWritten(0, null, Map.of("primary", "db/1"), AT)));
    app.reconcile();
    assertThat(app.operator.relations().byId().get(0L).application().settings()).isEmpty();
  }

  @Test
  void scaleDownDepartsTheLeaverEverywhereAndTheLeaverDepartsEveryPeerBeforeStopAndRemove() {
    App app = App.settled(3);

    app.dying(U2);
    app.settle();
    assertThat(app.ran(U0)).containsExactly("cluster-relation-departed db/2 (departing db/2)");
    assertThat(app.ran(U1)).containsExactly("cluster-relation-departed db/2 (departing db/2)");
    assertThat(app.ran(U2))
        .containsExactly(
            "cluster-relation-departed db/0 (departing db/2)",
            "cluster-relation-departed db/1 (departing db/2)",
            "stop",
            "remove");
    assertThat(app.units.get(U2).isDead()).isTrue();
    assertThat(app.operator.relations().byId().get(0L).units()).containsOnlyKeys("db/0", "db/1");
  }

  @Test
  void aUnitThatLeavesWhileItsJoinedHooksAreQueuedElsewhereGetsNoHookThere() {
    App app = App.settled(2);

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
    App app = new App();
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
    App app = App.settled(3);

    app.dying(U0);
    app.settle();
    assertThat(app.operator.leader()).isEqualTo(U1);
    assertThat(app.ran(U1))
        .containsExactly("leader-elected", "cluster-relation-departed db/0 (departing db/0)");
    assertThat(app.ran(U2)).containsExactly("cluster-relation-departed db/0 (departing db/0)");
    assertThat(app.ran(U0))
        .containsExactly(
            "cluster-relation-departed db/1 (departing db/0)",
            "cluster-relation-departed db/2 (departing db/0)",
            "stop",
            "remove");

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
    App app = App.settled(1);
    WITHOUT_IP.add(U1);
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
      WITHOUT_IP.remove(U1);
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
    App app = App.settled(2);
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
