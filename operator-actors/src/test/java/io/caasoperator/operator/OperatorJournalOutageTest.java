package io.caasoperator.operator;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.charm.CharmFiles;
import io.caasoperator.domain.ApplicationName;
import io.caasoperator.domain.UnitId;
import io.caasoperator.persistence.JournalHealth;
import io.caasoperator.persistence.timeline.JournalEntry;
import io.caasoperator.persistence.timeline.JournalReader;
import io.caasoperator.testing.RestartablePostgres;
import io.caasoperator.testing.ScriptedExecutor;
import io.caasoperator.testing.TestOperators;
import io.caasoperator.unit.UnitActor;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.LongStream;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.TestProbe;
import org.apache.pekko.actor.typed.ActorRef;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The operator's own write fails (PostgreSQL stopped): it restarts with backoff, which stops its
 * unit actors and watchers; while the journal is down it answers nothing and no hook starts; once
 * PostgreSQL is back it recovers, re-watches once, spawns each unit actor once, and writes what it
 * could not write before.
 */
class OperatorJournalOutageTest {
  @TempDir static Path dir;
  @AutoClose static RestartablePostgres postgres;
  static ActorTestKit testKit;

  @BeforeAll
  static void start() throws Exception {
    postgres = new RestartablePostgres(dir.resolve("pgdata"));
    testKit = postgres.journaledTestKit();
  }

  @Test
  void theOperatorRestartsForItsJournalWithoutDuplicatingItsChildrenOrLosingTheWrite()
      throws Exception {
    ApplicationName app = ApplicationName.of("outage");
    ScriptedExecutor executor = new ScriptedExecutor();
    FakeSubstrate substrate = new FakeSubstrate(executor);
    Path data = dir.resolve("data");
    Path charm =
        CharmFiles.named("test")
            .file("config.yaml", "options:\n  greeting: {type: string, default: hi}\n")
            .hooks("install", "leader-elected", "config-changed", "start")
            .writeDirectory(dir.resolve("charm-src"));
    List<String> gone = new CopyOnWriteArrayList<>();
    ActorRef<OperatorActor.Command> operator =
        testKit.spawn(
            OperatorActor.create(
                TestOperators.dependencies(app, substrate, executor, data, gone::add)));
    substrate.units(FakeSubstrate.alive(app, 0, 1));
    substrate.application(FakeSubstrate.specified(app, charm, 0, Map.of(), Duration.ofHours(1)));
    executor.completeByUnit(7);
    assertThat(substrate.unitWatches.get()).isEqualTo(1);
    // every unit's last completion is in the journal before it goes away
    testKit
        .createTestProbe()
        .awaitAssert(
            RestartablePostgres.RECOVERY,
            () -> {
              TestProbe<ApplicationView> settled = testKit.createTestProbe();
              operator.tell(new OperatorActor.GetStatus(settled.ref()));
              assertThat(settled.receiveMessage().units())
                  .allSatisfy(
                      u -> {
                        assertThat(u.runningHook()).isNull();
                        assertThat(u.lastHook()).isEqualTo("start");
                      });
              return null;
            });

    postgres.stop();
    // A new config: the operator's ConfigChanged cannot be written.
    substrate.application(
        FakeSubstrate.specified(app, charm, 0, Map.of("greeting", "hello"), Duration.ofHours(1)));
    testKit
        .createTestProbe()
        .awaitAssert(
            RestartablePostgres.RECOVERY,
            () -> {
              var journal = JournalHealth.get(testKit.system()).status();
              assertThat(journal.available()).isFalse();
              assertThat(journal.detail()).contains("operator|outage cannot");
              return null;
            });
    TestProbe<ApplicationView> status = testKit.createTestProbe();
    operator.tell(new OperatorActor.GetStatus(status.ref()));
    executor.expectNoHookWithin(Duration.ofSeconds(4));
    status.expectNoMessage(Duration.ofMillis(100)); // waiting for the journal, not lost

    postgres.start();
    assertThat(status.receiveMessage(RestartablePostgres.RECOVERY).units()).hasSize(2);
    // Each unit actor is spawned once (a second one under the same name would crash the
    // operator) and hears of the new config once.
    Map<String, List<String>> after = executor.completeByUnit(2);
    assertThat(after).containsOnlyKeys(app + "/0", app + "/1");
    assertThat(after.values())
        .allSatisfy(hooks -> assertThat(hooks).containsExactly("config-changed"));
    executor.expectNoHookWithin(Duration.ofSeconds(1));
    testKit
        .createTestProbe()
        .awaitAssert(
            RestartablePostgres.RECOVERY,
            () -> {
              assertThat(JournalHealth.get(testKit.system()).status().available()).isTrue();
              return null;
            });
    assertThat(substrate.unitWatches.get())
        .as("watchers respawned once, with the operator")
        .isEqualTo(2);
    assertThat(gone).isEmpty();

    List<JournalEntry> events =
        JournalReader.using(testKit.system()).entityEvents(OperatorActor.persistenceId("outage"));
    assertThat(events)
        .extracting(JournalEntry::seqNr)
        .containsExactlyElementsOf(LongStream.rangeClosed(1, events.size()).boxed().toList());
    assertThat(events).filteredOn(e -> e.shortType().equals("ConfigChanged")).hasSize(2);
    for (int n = 0; n < 2; n++) {
      List<JournalEntry> unit =
          JournalReader.using(testKit.system())
              .entityEvents(UnitActor.persistenceId(new UnitId(app, n)));
      assertThat(unit)
          .extracting(JournalEntry::seqNr)
          .containsExactlyElementsOf(LongStream.rangeClosed(1, unit.size()).boxed().toList());
    }
  }
}
