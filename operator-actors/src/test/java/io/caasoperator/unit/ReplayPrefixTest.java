package io.caasoperator.unit;

import static org.assertj.core.api.Assertions.assertThat;

import com.typesafe.config.ConfigFactory;
import io.caasoperator.domain.Life;
import io.caasoperator.domain.UnitId;
import io.caasoperator.persistence.JournalSchema;
import io.caasoperator.persistence.JournalSettings;
import io.caasoperator.persistence.UnitState;
import io.caasoperator.persistence.timeline.JournalEntry;
import io.caasoperator.persistence.timeline.JournalReader;
import io.caasoperator.persistence.timeline.Replay;
import io.caasoperator.persistence.timeline.ReplayPoint;
import io.caasoperator.persistence.timeline.ReplayedState;
import io.caasoperator.testing.ScriptedExecutor;
import io.caasoperator.testing.TestUnits;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.TestProbe;
import org.apache.pekko.actor.typed.ActorRef;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Replay is only worth trusting if it shows what the operator really had. Two unit actors run a
 * lifecycle (install, leadership, a failed hook and its resolve, a charm upgrade, removal) on a
 * real H2 journal; the live state of every unit is recorded whenever the run is quiescent, and the
 * replay of the journal prefix up to that moment must equal it. After the run the actors recover
 * (from snapshots every 3 events) to the state the full replay gives.
 */
class ReplayPrefixTest {
  @TempDir static Path dataDir;

  @AutoClose("shutdownTestKit")
  static ActorTestKit testKit;

  static JournalReader reader;

  static final Set<String> HOOKS = TestUnits.lifecycleHooksAnd("web-pebble-ready");
  static final UnitId U0 = UnitId.of("replay", 0);
  static final UnitId U1 = UnitId.of("replay", 1);

  /** What a unit had at one moment, and how many events its journal held then. */
  record Observation(UnitId unit, UnitState live, long seqNr) {}

  @BeforeAll
  static void start() {
    testKit =
        ActorTestKit.create(
            JournalSettings.h2(dataDir)
                .withSnapshotEvery(3)
                .toConfig()
                .withFallback(ConfigFactory.load()));
    JournalSchema.createIfMissing(testKit.system(), Duration.ofSeconds(30));
    reader = JournalReader.using(testKit.system());
  }

  private final ScriptedExecutor executor = new ScriptedExecutor();
  private final List<List<Observation>> moments = new ArrayList<>();
  private UnitDependencies deps;

  private static UnitActor.Assign assign(Life life, long charm, long config, boolean leader) {
    return new UnitActor.Assign(
        new Desired(
            life, TestUnits.charm(charm, HOOKS, "web"), config, leader, 0, Duration.ofHours(1)));
  }

  private UnitState stateOf(ActorRef<UnitActor.Command> actor) {
    TestProbe<UnitState> probe = testKit.createTestProbe();
    actor.tell(new UnitActor.GetState(probe.ref()));
    return probe.receiveMessage(Duration.ofSeconds(10));
  }

  /**
   * Records every unit's live state with its journal length. Taken only when each actor waits on a
   * hook or has nothing to do; the state is read on both sides of the journal read, and the moment
   * is taken again until they agree.
   */
  private void record(Map<UnitId, ActorRef<UnitActor.Command>> units) {
    List<Observation> moment = new ArrayList<>();
    units.forEach(
        (unit, actor) -> {
          for (int attempt = 0; ; attempt++) {
            UnitState before = stateOf(actor);
            long seqNr = reader.entityEvents(UnitActor.persistenceId(unit)).size();
            if (stateOf(actor).equals(before)) {
              moment.add(new Observation(unit, before, seqNr));
              return;
            }
            assertThat(attempt).as("state of %s keeps changing", unit).isLessThan(50);
          }
        });
    moments.add(moment);
  }

  /** The next hook must be {@code hook} of {@code unit}; the moment is recorded while it runs. */
  private ScriptedExecutor.Call running(
      String unit, String hook, Map<UnitId, ActorRef<UnitActor.Command>> units) {
    ScriptedExecutor.Call call = executor.next();
    assertThat(call.unit() + " " + call.hook()).isEqualTo(unit + " " + hook);
    record(units);
    return call;
  }

  private void awaitState(
      ActorRef<UnitActor.Command> actor, java.util.function.Predicate<UnitState> condition) {
    TestProbe<UnitState> probe = testKit.createTestProbe();
    probe.awaitAssert(
        Duration.ofSeconds(10),
        () -> {
          actor.tell(new UnitActor.GetState(probe.ref()));
          assertThat(condition.test(probe.receiveMessage())).isTrue();
          return null;
        });
  }

  @Test
  void theReplayOfEveryRecordedPrefixEqualsTheLiveStateAndRecoveryEqualsTheFullReplay() {
    Path data = dataDir.resolve("units");
    deps = TestUnits.dependencies(executor, data);
    TestProbe<UnitActor.Report> operator = testKit.createTestProbe();
    Map<UnitId, ActorRef<UnitActor.Command>> units = new LinkedHashMap<>();
    units.put(U0, testKit.spawn(UnitActor.create(U0, deps, operator.ref())));
    units.put(U1, testKit.spawn(UnitActor.create(U1, deps, operator.ref())));
    var u0 = units.get(U0);
    var u1 = units.get(U1);
    record(units); // before anything happened

    u0.tell(assign(Life.ALIVE, 1, 1, true));
    u0.tell(new UnitActor.ObserveContainerStart("web", "s1"));
    var u0install = running("replay/0", "install", units);
    u1.tell(assign(Life.ALIVE, 1, 1, false));
    var u1install = running("replay/1", "install", units);
    u0install.succeed();
    var leader = running("replay/0", "leader-elected", units);
    u1install.fail(1);
    awaitState(u1, s -> s.failed() != null);
    record(units);
    leader.succeed();
    running("replay/0", "config-changed", units).succeed();
    running("replay/0", "start", units).succeed();
    running("replay/0", "web-pebble-ready", units).succeed();
    awaitState(u0, s -> s.running() == null);
    record(units);

    TestProbe<ResolveReply> resolved = testKit.createTestProbe();
    u1.tell(new UnitActor.Resolve(true, resolved.ref()));
    assertThat(resolved.receiveMessage().outcome()).isEqualTo(ResolveReply.Outcome.RESOLVED);
    running("replay/1", "install", units).succeed();
    running("replay/1", "leader-settings-changed", units).succeed();
    running("replay/1", "config-changed", units).succeed();
    running("replay/1", "start", units).succeed();

    u0.tell(assign(Life.ALIVE, 2, 2, true));
    running("replay/0", "upgrade-charm", units).succeed();
    running("replay/0", "config-changed", units).succeed();
    u1.tell(assign(Life.DYING, 2, 2, false));
    running("replay/1", "stop", units).succeed(); // a dying unit does not upgrade first
    running("replay/1", "remove", units).succeed();
    awaitState(u1, UnitState::isDead);
    awaitState(u0, s -> s.running() == null);
    record(units);

    long total =
        units.keySet().stream()
            .mapToLong(u -> reader.entityEvents(UnitActor.persistenceId(u)).size())
            .sum();
    List<JournalEntry> timeline = awaitTimeline(total);
    for (List<Observation> moment : moments) {
      long offset = moment.stream().mapToLong(o -> offsetOf(timeline, o)).max().orElseThrow();
      ReplayedState replayed = Replay.to(new ReplayPoint.AtOffset(offset), "replay", timeline);
      for (Observation o : moment) {
        assertThat(replayed.units().getOrDefault(o.unit(), UnitState.initial(o.unit())))
            .as("%s after %d event(s)", o.unit(), o.seqNr())
            .isEqualTo(o.live());
      }
    }
    assertThat(moments).hasSizeGreaterThan(15);

    ReplayedState latest = Replay.to(new ReplayPoint.Latest(), "replay", timeline);
    units.values().forEach(testKit::stop);
    for (UnitId unit : List.of(U0, U1)) {
      UnitState recovered = stateOf(testKit.spawn(UnitActor.create(unit, deps, operator.ref())));
      assertThat(recovered).as("recovered %s", unit).isEqualTo(latest.units().get(unit));
    }
  }

  /** The global offset of the unit's last event at the observation (0: it had none). */
  private static long offsetOf(List<JournalEntry> timeline, Observation o) {
    if (o.seqNr() == 0) return 0;
    return timeline.stream()
        .filter(e -> e.entity().equals(UnitActor.persistenceId(o.unit())) && e.seqNr() == o.seqNr())
        .findFirst()
        .orElseThrow()
        .offset();
  }

  /** The by-tag query sees new rows after its sequence check: wait until it has them all. */
  private static List<JournalEntry> awaitTimeline(long events) {
    long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
    while (true) {
      List<JournalEntry> all = reader.readAll("replay");
      if (all.size() >= events || System.nanoTime() > deadline) {
        assertThat(all).hasSize((int) events);
        return all;
      }
      try {
        Thread.sleep(100);
      } catch (InterruptedException e) {
        throw new AssertionError(e);
      }
    }
  }
}
