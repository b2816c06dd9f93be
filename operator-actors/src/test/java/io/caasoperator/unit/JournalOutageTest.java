package io.caasoperator.unit;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.domain.Life;
import io.caasoperator.domain.UnitId;
import io.caasoperator.persistence.JournalHealth;
import io.caasoperator.persistence.JournalStatus;
import io.caasoperator.persistence.UnitState;
import io.caasoperator.persistence.timeline.JournalEntry;
import io.caasoperator.persistence.timeline.JournalReader;
import io.caasoperator.testing.RestartablePostgres;
import io.caasoperator.testing.ScriptedExecutor;
import io.caasoperator.testing.TestUnits;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.stream.LongStream;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.FishingOutcomes;
import org.apache.pekko.actor.testkit.typed.javadsl.TestProbe;
import org.apache.pekko.actor.typed.ActorRef;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The journal's database goes away mid-run and comes back (PostgreSQL stopped and started again on
 * the same port and data directory): a unit actor stops taking commands, the journal shows as
 * unavailable, no hook starts, and after the database returns the unit carries on with its journal
 * complete and in order. A hook that ended while its end could not be written runs again
 * (at-least-once); a hook whose start could not be written never ran.
 */
class JournalOutageTest {
  @TempDir static Path dir;
  @AutoClose static RestartablePostgres postgres;
  static ActorTestKit testKit;

  static final Set<String> HOOKS = TestUnits.LIFECYCLE_HOOKS;

  @BeforeAll
  static void start() throws Exception {
    postgres = new RestartablePostgres(dir.resolve("pgdata"));
    testKit = postgres.journaledTestKit();
  }

  @AfterEach
  void postgresRunsForTheNextTest() throws IOException {
    postgres.start();
  }

  private static Desired alive(Duration updateStatus) {
    return new Desired(Life.ALIVE, TestUnits.charm(1, HOOKS), 1, false, 0, updateStatus);
  }

  /**
   * A unit of an alive application, each in its own directory, that has run its hooks up to
   * config-changed; its start hook comes next.
   */
  private static ActorRef<UnitActor.Command> configured(
      UnitId unit, ScriptedExecutor executor, TestProbe<UnitActor.Report> operator) {
    ActorRef<UnitActor.Command> actor =
        testKit.spawn(
            UnitActor.create(
                unit,
                TestUnits.dependencies(executor, dir.resolve(unit.toString().replace('/', '-'))),
                operator.ref()));
    actor.tell(new UnitActor.Assign(alive(Duration.ofHours(1))));
    executor.complete("install");
    executor.complete("leader-settings-changed");
    executor.complete("config-changed");
    return actor;
  }

  private static void awaitNoHookRunning(ActorRef<UnitActor.Command> actor) {
    testKit
        .createTestProbe()
        .awaitAssert(
            Duration.ofSeconds(10),
            () -> {
              assertThat(stateOf(actor).running()).isNull();
              return null;
            });
  }

  private static UnitState stateOf(ActorRef<UnitActor.Command> actor) {
    TestProbe<UnitState> probe = testKit.createTestProbe();
    actor.tell(new UnitActor.GetState(probe.ref()));
    return probe.receiveMessage(RestartablePostgres.RECOVERY);
  }

  private static JournalStatus health() {
    return JournalHealth.get(testKit.system()).status();
  }

  private static void awaitJournal(boolean available) {
    testKit
        .createTestProbe()
        .awaitAssert(
            RestartablePostgres.RECOVERY,
            () -> {
              assertThat(health().available())
                  .as("journal available: %s", health())
                  .isEqualTo(available);
              return null;
            });
  }

  /**
   * The unit's events by sequence number, checked to have no gaps and to agree with the global
   * order.
   */
  private static List<JournalEntry> journalOf(UnitId unit) {
    List<JournalEntry> events =
        JournalReader.using(testKit.system()).entityEvents(UnitActor.persistenceId(unit));
    assertThat(events)
        .extracting(JournalEntry::seqNr)
        .as("sequence numbers without gaps")
        .containsExactlyElementsOf(LongStream.rangeClosed(1, events.size()).boxed().toList());
    assertThat(events)
        .extracting(JournalEntry::offset)
        .as("global order agrees with the entity's")
        .isSorted();
    return events;
  }

  /** The hook events, as "HookStarted install", in journal order. */
  private static List<String> hookSteps(List<JournalEntry> events) {
    return events.stream()
        .filter(e -> e.shortType().startsWith("Hook"))
        .map(e -> e.shortType() + " " + hookOf(e))
        .toList();
  }

  private static String hookOf(JournalEntry entry) {
    return switch (entry.event()) {
      case io.caasoperator.persistence.UnitEvent.HookStarted e -> e.hook().name();
      case io.caasoperator.persistence.UnitEvent.HookCompleted e -> e.hook();
      default -> "";
    };
  }

  @Test
  void aHookThatEndsWhileTheJournalIsDownRunsAgainAndTheJournalStaysInOrder() throws Exception {
    ScriptedExecutor executor = new ScriptedExecutor();
    UnitId unit = UnitId.of("outage", 0);
    TestProbe<UnitActor.Report> operator = testKit.createTestProbe();
    var actor = configured(unit, executor, operator);
    ScriptedExecutor.Call start = executor.next("start");

    postgres.stop();
    start.succeed(); // its HookCompleted cannot be written: the actor restarts and cannot recover

    awaitJournal(false);
    assertThat(health().detail()).contains("unit|outage/0 cannot");
    // The unit takes no commands while it waits for its journal; they wait, they are not lost.
    TestProbe<UnitView> view = testKit.createTestProbe();
    actor.tell(new UnitActor.GetView(view.ref()));
    executor.expectNoHookWithin(Duration.ofSeconds(5));
    view.expectNoMessage(Duration.ofMillis(100));

    postgres.start();
    assertThat(view.receiveMessage(RestartablePostgres.RECOVERY).unit()).isEqualTo(unit);
    executor.complete("start"); // at-least-once: the hook whose end was lost runs again
    awaitJournal(true);

    actor.tell(
        new UnitActor.Assign(
            new Desired(Life.DYING, TestUnits.charm(1, HOOKS), 1, false, 0, Duration.ofHours(1))));
    executor.complete("stop");
    executor.complete("remove");
    operator.fishForMessage(
        Duration.ofSeconds(10),
        r ->
            r instanceof UnitActor.Report.Dead
                ? FishingOutcomes.complete()
                : FishingOutcomes.continueAndIgnore());

    List<JournalEntry> events = journalOf(unit);
    assertThat(hookSteps(events))
        .containsExactly(
            "HookStarted install",
            "HookCompleted install",
            "HookStarted leader-settings-changed",
            "HookCompleted leader-settings-changed",
            "HookStarted config-changed",
            "HookCompleted config-changed",
            "HookStarted start",
            "HookStarted start",
            "HookCompleted start",
            "HookStarted stop",
            "HookCompleted stop",
            "HookStarted remove",
            "HookCompleted remove");
    assertThat(events.getLast().shortType())
        .as("a completed remove hook makes the unit dead")
        .isEqualTo("HookCompleted");
    assertThat(stateOf(actor).isDead()).isTrue();
  }

  @Test
  void aHookWhoseStartCannotBeWrittenDoesNotRunUntilTheJournalIsBack() throws Exception {
    ScriptedExecutor executor = new ScriptedExecutor();
    UnitId unit = UnitId.of("outage", 1);
    var actor = configured(unit, executor, testKit.createTestProbe());
    executor.complete("start");
    awaitNoHookRunning(actor);

    postgres.stop();
    // Nothing to record, so nothing fails yet; the next update-status is the first write.
    actor.tell(new UnitActor.Assign(alive(Duration.ofSeconds(1))));
    awaitJournal(false);
    executor.expectNoHookWithin(Duration.ofSeconds(4));

    postgres.start();
    ScriptedExecutor.Call updateStatus = executor.next("update-status");
    actor.tell(new UnitActor.Assign(alive(Duration.ofHours(1))));
    updateStatus.succeed();
    awaitJournal(true);
    awaitNoHookRunning(actor);

    // The failed HookStarted left no trace; every event written is there, in order.
    assertThat(hookSteps(journalOf(unit)))
        .containsExactly(
            "HookStarted install", "HookCompleted install",
            "HookStarted leader-settings-changed", "HookCompleted leader-settings-changed",
            "HookStarted config-changed", "HookCompleted config-changed",
            "HookStarted start", "HookCompleted start",
            "HookStarted update-status", "HookCompleted update-status");
  }
}
