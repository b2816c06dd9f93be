package io.caasoperator.persistence.journal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.caasoperator.metrics.OperatorMetrics;
import io.caasoperator.persistence.JournalSchema;
import io.caasoperator.persistence.JournalSettings;
import io.caasoperator.persistence.UnitEvent;
import io.caasoperator.persistence.timeline.JournalEntry;
import io.caasoperator.persistence.timeline.JournalReader;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.apache.pekko.Done;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.Props;
import org.apache.pekko.actor.typed.javadsl.AskPattern;
import org.apache.pekko.persistence.typed.PersistenceId;
import org.apache.pekko.persistence.typed.javadsl.CommandHandler;
import org.apache.pekko.persistence.typed.javadsl.EventHandler;
import org.apache.pekko.persistence.typed.javadsl.EventSourcedBehavior;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The operator's journal on a real H2 file: many entities' writes committed together, recovered in
 * order after a restart, read back by pekko-persistence-jdbc's read journal; and one entity's bad
 * write failing alone.
 */
class GroupCommitJournalTest {

  @TempDir Path dir;

  /** An entity that persists hook names and recovers them. */
  static final class Recorder
      extends EventSourcedBehavior<Recorder.Command, UnitEvent, List<String>> {
    sealed interface Command {}

    record Record(String hook, ActorRef<Done> replyTo) implements Command {}

    record Get(ActorRef<List<String>> replyTo) implements Command {}

    Recorder(String id) {
      super(PersistenceId.ofUniqueId(id));
    }

    @Override
    public List<String> emptyState() {
      return List.of();
    }

    @Override
    public Set<String> tagsFor(UnitEvent event) {
      return Set.of("app:test");
    }

    @Override
    public CommandHandler<Command, UnitEvent, List<String>> commandHandler() {
      return newCommandHandlerBuilder()
          .forAnyState()
          .onCommand(
              Record.class,
              (state, cmd) ->
                  Effect()
                      .persist(
                          new UnitEvent.HookCompleted(
                              cmd.hook(), 1, Instant.parse("2026-11-22T10:00:00Z")))
                      .thenReply(cmd.replyTo(), s -> Done.getInstance()))
          .onCommand(Get.class, (state, cmd) -> Effect().reply(cmd.replyTo(), state))
          .build();
    }

    @Override
    public EventHandler<List<String>, UnitEvent> eventHandler() {
      return newEventHandlerBuilder()
          .forAnyState()
          .onEvent(
              UnitEvent.HookCompleted.class,
              (state, event) -> {
                List<String> next = new ArrayList<>(state);
                next.add(event.hook());
                return List.copyOf(next);
              })
          .build();
    }
  }

  @Test
  void writesOfManyEntitiesAtOnceAreAllRecoveredInOrderAfterARestartAndReadableByTheReadJournal()
      throws Exception {
    JournalSettings settings = JournalSettings.h2(dir);
    int entities = 200;
    int events = 5;
    try (JournalReader journal = JournalReader.open(settings)) {
      ActorSystem<?> system = journal.system();
      JournalSchema.createIfMissing(system, Duration.ofSeconds(30));
      List<ActorRef<Recorder.Command>> refs = spawn(system, entities);
      for (int e = 0; e < events; e++) {
        List<CompletableFuture<Done>> writes = new ArrayList<>();
        for (ActorRef<Recorder.Command> ref :
            refs) { // every entity writing at once: shared transactions
          String hook = "hook-" + e;
          writes.add(
              GroupCommitJournalTest.<Done>ask(
                  system, ref, reply -> new Recorder.Record(hook, reply)));
        }
        CompletableFuture.allOf(writes.toArray(CompletableFuture[]::new)).get(60, TimeUnit.SECONDS);
      }
      List<JournalEntry> all = journal.readAll("test");
      assertThat(all).hasSize(entities * events);
      assertThat(all).extracting(JournalEntry::offset).isSorted().doesNotHaveDuplicates();
      assertThat(journal.entityEvents("unit|test/7"))
          .extracting(JournalEntry::seqNr)
          .containsExactly(1L, 2L, 3L, 4L, 5L);
      var registry = OperatorMetrics.get(system).registry();
      assertThat(counter(registry, "caas_journal_events")).isEqualTo(entities * events);
      assertThat(counter(registry, "caas_journal_writes")).isEqualTo(entities * events);
      // writes that queued together shared a transaction
      assertThat(counter(registry, "caas_journal_transactions"))
          .isPositive()
          .isLessThan(entities * events);
    }

    try (JournalReader restarted = JournalReader.open(settings)) {
      ActorSystem<?> system = restarted.system();
      List<ActorRef<Recorder.Command>> refs = spawn(system, entities);
      for (ActorRef<Recorder.Command> ref : refs) {
        List<String> recovered =
            GroupCommitJournalTest.<List<String>>ask(system, ref, Recorder.Get::new)
                .get(60, TimeUnit.SECONDS);
        assertThat(recovered).containsExactly("hook-0", "hook-1", "hook-2", "hook-3", "hook-4");
      }
      // the next write continues the sequence (the highest sequence number was read back)
      GroupCommitJournalTest.<Done>ask(
              system, refs.getFirst(), reply -> new Recorder.Record("after-restart", reply))
          .get(60, TimeUnit.SECONDS);
      assertThat(restarted.entityEvents("unit|test/0"))
          .extracting(JournalEntry::seqNr)
          .containsExactly(1L, 2L, 3L, 4L, 5L, 6L);
    }
  }

  /** A new in-memory H2 database named after {@code name}, with the journal's tables. */
  private JdbcDataSource journalDatabase(String name) throws Exception {
    JdbcDataSource h2 = new JdbcDataSource();
    h2.setURL("jdbc:h2:mem:" + name + "-" + System.nanoTime() + ";DB_CLOSE_DELAY=-1");
    try (Connection c = h2.getConnection();
        var schema = getClass().getResourceAsStream("/schema/h2/h2-create-schema.sql")) {
      for (String statement :
          new String(schema.readAllBytes(), StandardCharsets.UTF_8).split(";")) {
        if (!statement.isBlank()) c.createStatement().execute(statement);
      }
    }
    return h2;
  }

  @Test
  void aWriteThatBreaksAKeyFailsAloneWhileTheOthersInItsTransactionAreCommitted() throws Exception {
    JdbcDataSource h2 = journalDatabase("group-commit");
    CountDownLatch firstWriteMayProceed = new CountDownLatch(1);
    DataSource held = new HeldFirstConnection(h2, firstWriteMayProceed);
    List<String> seen = new java.util.concurrent.CopyOnWriteArrayList<>();
    JournalWriter writer =
        new JournalWriter(
            held,
            "test-journal-writer",
            "",
            new JournalWriter.Observer() {
              @Override
              public void committed(int writes, int events, Duration took) {
                seen.add("committed " + writes + " write(s), " + events + " event(s)");
              }

              @Override
              public void failed(int writes) {
                seen.add("failed " + writes + " write(s)");
              }
            });
    try {
      CompletableFuture<Void> first = writer.write(List.of(row("unit|a/0", 1)));
      // queued while the first transaction waits: these two are committed together
      CompletableFuture<Void> duplicate = writer.write(List.of(row("unit|a/0", 1)));
      CompletableFuture<Void> other = writer.write(List.of(row("unit|a/1", 1), row("unit|a/1", 2)));
      firstWriteMayProceed.countDown();

      first.get(30, TimeUnit.SECONDS);
      other.get(30, TimeUnit.SECONDS);
      assertThatThrownBy(() -> duplicate.get(30, TimeUnit.SECONDS))
          .isInstanceOf(ExecutionException.class)
          .hasCauseInstanceOf(SQLException.class);
      try (Connection c = h2.getConnection()) {
        assertThat(JournalTables.highestSequenceNr(c, "unit|a/0")).isEqualTo(1);
        assertThat(JournalTables.highestSequenceNr(c, "unit|a/1")).isEqualTo(2);
        var tags = c.createStatement().executeQuery("SELECT COUNT(*) FROM \"event_tag\"");
        tags.next();
        assertThat(tags.getLong(1)).isEqualTo(3); // the failed write left no tag behind
      }
      // the shared transaction broke on the duplicate, then each write went alone
      assertThat(seen)
          .containsExactly(
              "committed 1 write(s), 1 event(s)",
              "failed 1 write(s)",
              "committed 1 write(s), 2 event(s)");
    } finally {
      writer.close();
    }
    assertThat(writer.write(List.of(row("unit|a/2", 1)))).failsWithin(Duration.ofSeconds(5));
  }

  @Test
  void theWritersSyncStatementRunsOnceForEachWriteBeforeTheWriteIsAcknowledged() throws Exception {
    // What this proves is the writer's part of caas.journal.fsync: its statement (CHECKPOINT SYNC
    // on H2) runs for every write, before the write's future completes. That the statement forces
    // the file to the disk is H2's promise; no test here can cut the power to check it.
    JdbcDataSource h2 = journalDatabase("group-commit-sync");
    try (Connection c = h2.getConnection()) {
      c.createStatement().execute("CREATE TABLE syncs (n INT)");
      c.createStatement().execute("INSERT INTO syncs VALUES (0)");
    }
    // stands for CHECKPOINT SYNC (what JournalSettings asks of H2), which leaves no trace to count
    JournalWriter writer =
        new JournalWriter(
            h2, "test-journal-writer", "UPDATE syncs SET n = n + 1", JournalWriter.Observer.NONE);
    try (Connection c = h2.getConnection()) {
      for (int seqNr = 1; seqNr <= 3; seqNr++) {
        writer.write(List.of(row("unit|s/0", seqNr))).get(30, TimeUnit.SECONDS);
        var syncs = c.createStatement().executeQuery("SELECT n FROM syncs");
        syncs.next();
        assertThat(syncs.getInt(1))
            .as("syncs when write %d is acknowledged", seqNr)
            .isEqualTo(seqNr);
      }
    } finally {
      writer.close();
    }
  }

  @Test
  void theH2JournalWritesEachCommitToTheFileAndSyncsItOnlyWhenAsked() {
    var plain = JournalSettings.h2(dir).toConfig();
    assertThat(plain.getString("caas-journal.url"))
        .contains(";WRITE_DELAY=0")
        .doesNotContain("AUTO_SERVER");
    assertThat(plain.getString("caas-journal.sync-statement")).isEmpty();
    assertThat(
            JournalSettings.h2(dir)
                .withSyncOnCommit(true)
                .toConfig()
                .getString("caas-journal.sync-statement"))
        .isEqualTo("CHECKPOINT SYNC");
    // PostgreSQL's own synchronous_commit decides
    assertThat(
            JournalSettings.postgres("postgresql://u@db/j")
                .withSyncOnCommit(true)
                .toConfig()
                .getString("caas-journal.sync-statement"))
        .isEmpty();
  }

  private static double counter(
      io.prometheus.metrics.model.registry.PrometheusRegistry registry, String name) {
    for (var metric : registry.scrape()) {
      if (metric instanceof CounterSnapshot counter
          && counter.getMetadata().getPrometheusName().equals(name)) {
        return counter.getDataPoints().getFirst().getValue();
      }
    }
    throw new AssertionError("no counter " + name);
  }

  private static JournalRow row(String entity, long seqNr) {
    return new JournalRow(
        entity,
        seqNr,
        "writer",
        1L,
        "",
        "{}".getBytes(StandardCharsets.UTF_8),
        7301,
        "unit.HookCompleted.v1",
        Set.of("app:a"));
  }

  private static List<ActorRef<Recorder.Command>> spawn(ActorSystem<?> system, int entities) {
    List<ActorRef<Recorder.Command>> refs = new ArrayList<>();
    for (int i = 0; i < entities; i++) {
      Behavior<Recorder.Command> entity = new Recorder("unit|test/" + i);
      refs.add(
          system.systemActorOf(entity, "recorder-" + i + "-" + System.nanoTime(), Props.empty()));
    }
    return refs;
  }

  private static <T> CompletableFuture<T> ask(
      ActorSystem<?> system,
      ActorRef<Recorder.Command> ref,
      org.apache.pekko.japi.function.Function<ActorRef<T>, Recorder.Command> message) {
    CompletionStage<T> reply =
        AskPattern.ask(ref, message, Duration.ofSeconds(60), system.scheduler());
    return reply.toCompletableFuture();
  }

  /** Hands out connections, the first only once the test allows it (so writes queue meanwhile). */
  private record HeldFirstConnection(DataSource delegate, CountDownLatch firstMayProceed)
      implements DataSource {
    @Override
    public Connection getConnection() throws SQLException {
      try {
        if (!firstMayProceed.await(30, TimeUnit.SECONDS))
          throw new SQLException("test latch never opened");
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new SQLException(e);
      }
      return delegate.getConnection();
    }

    @Override
    public Connection getConnection(String user, String password) throws SQLException {
      return getConnection();
    }

    @Override
    public PrintWriter getLogWriter() {
      return null;
    }

    @Override
    public void setLogWriter(PrintWriter out) {}

    @Override
    public void setLoginTimeout(int seconds) {}

    @Override
    public int getLoginTimeout() {
      return 0;
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
      throw new SQLFeatureNotSupportedException();
    }

    @Override
    public <T> T unwrap(Class<T> type) throws SQLException {
      throw new SQLException("not a wrapper");
    }

    @Override
    public boolean isWrapperFor(Class<?> type) {
      return false;
    }
  }
}
