package io.caasoperator.persistence.journal;

import com.typesafe.config.Config;
import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.caasoperator.metrics.OperatorMetrics;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.apache.pekko.actor.ActorRef;
import org.apache.pekko.actor.typed.javadsl.Adapter;
import org.apache.pekko.persistence.AtomicWrite;
import org.apache.pekko.persistence.PersistentRepr;
import org.apache.pekko.persistence.journal.Tagged;
import org.apache.pekko.persistence.journal.japi.AsyncWriteJournal;
import org.apache.pekko.serialization.Serialization;
import org.apache.pekko.serialization.SerializationExtension;
import org.apache.pekko.serialization.Serializer;
import org.apache.pekko.serialization.Serializers;
import scala.concurrent.Future;
import scala.jdk.javaapi.CollectionConverters;
import scala.jdk.javaapi.FutureConverters;

/**
 * The operator's journal plugin: the write side of pekko-persistence-jdbc's tables with writes of
 * all entities batched into shared transactions ({@link JournalWriter}). The plugin's own write
 * path costs a transaction, a pooled connection and several asynchronous hops per write; with a
 * hook per unit ending every few milliseconds that was most of the operator's CPU (README
 * "Performance"). Rows, tags and serialization are the plugin's, so its read journal (the {@code
 * journal} and {@code replay} commands), snapshot store and schema work unchanged, and a journal
 * written by either can be read by the other.
 *
 * <p>Settings (see {@code JournalSettings}): {@code url}, {@code user}, {@code password}, {@code
 * driver}, {@code connection-timeout}, {@code readers} (threads for recovery queries), {@code
 * sync-statement} (run after each commit to force it to the disk; empty for none) and the usual
 * {@code circuit-breaker}.
 */
public final class GroupCommitJournal extends AsyncWriteJournal {

  private final HikariDataSource source;
  private final JournalWriter writer;
  private final ExecutorService readers;
  private final Serialization serialization;

  /** The last write of each entity not yet committed: its recovery must see it. */
  private final Map<String, CompletableFuture<Void>> writesInProgress = new ConcurrentHashMap<>();

  public GroupCommitJournal(Config config) {
    int readerThreads = config.getInt("readers");
    HikariConfig pool = new HikariConfig();
    pool.setPoolName("caas-journal");
    pool.setJdbcUrl(config.getString("url"));
    pool.setUsername(config.getString("user"));
    pool.setPassword(config.getString("password"));
    pool.setDriverClassName(config.getString("driver"));
    pool.setMaximumPoolSize(readerThreads + 1);
    pool.setMinimumIdle(1);
    pool.setConnectionTimeout(config.getDuration("connection-timeout", TimeUnit.MILLISECONDS));
    // no connection at start-up: an unreachable database fails writes (and shows in health), not
    // the actor system
    pool.setInitializationFailTimeout(-1);
    this.source = new HikariDataSource(pool);
    OperatorMetrics metrics = OperatorMetrics.get(Adapter.toTyped(context().system()));
    String sync = config.hasPath("sync-statement") ? config.getString("sync-statement") : "";
    this.writer =
        new JournalWriter(
            source,
            "caas-journal-writer",
            sync,
            new JournalWriter.Observer() {
              @Override
              public void committed(int writes, int events, java.time.Duration took) {
                metrics.journalCommitted(writes, events, took);
              }

              @Override
              public void failed(int writes) {
                metrics.journalWritesFailed(writes);
              }
            });
    this.readers =
        Executors.newFixedThreadPool(
            readerThreads, Thread.ofPlatform().daemon().name("caas-journal-reader-", 0).factory());
    this.serialization = SerializationExtension.get(context().system());
  }

  @Override
  public Future<Iterable<Optional<Exception>>> doAsyncWriteMessages(
      Iterable<AtomicWrite> messages) {
    List<Optional<Exception>> results = new ArrayList<>();
    List<JournalRow> rows = new ArrayList<>();
    Set<String> entities = new HashSet<>();
    for (AtomicWrite write : messages) {
      try {
        List<JournalRow> these = new ArrayList<>();
        for (PersistentRepr repr : CollectionConverters.asJava(write.payload()))
          these.add(row(repr));
        rows.addAll(these);
        entities.add(write.persistenceId());
        results.add(Optional.empty());
      } catch (RuntimeException e) {
        results.add(Optional.of(e)); // rejected: this write only, the entity's actor is told
      }
    }
    if (rows.isEmpty()) return Future.successful(results);
    CompletableFuture<Void> committed = writer.write(rows);
    for (String entity : entities) {
      writesInProgress.put(entity, committed);
      committed.whenComplete((ok, failed) -> writesInProgress.remove(entity, committed));
    }
    return toScala(committed.thenApply(ok -> results));
  }

  @Override
  public Future<Void> doAsyncReplayMessages(
      String persistenceId,
      long fromSequenceNr,
      long toSequenceNr,
      long max,
      Consumer<PersistentRepr> replay) {
    return read(
        connection -> {
          JournalTables.replay(
              connection,
              persistenceId,
              fromSequenceNr,
              toSequenceNr,
              max,
              row -> replay.accept(repr(row)));
          return null;
        });
  }

  @Override
  public Future<Long> doAsyncReadHighestSequenceNr(String persistenceId, long fromSequenceNr) {
    CompletableFuture<Void> pending =
        writesInProgress.getOrDefault(persistenceId, CompletableFuture.completedFuture(null));
    return toScala(
        pending
            .handle((ok, failed) -> null)
            .thenCompose(
                ignored -> onReader(c -> JournalTables.highestSequenceNr(c, persistenceId))));
  }

  @Override
  public Future<Void> doAsyncDeleteMessagesTo(String persistenceId, long toSequenceNr) {
    return read(
        connection -> {
          JournalTables.markDeleted(connection, persistenceId, toSequenceNr);
          return null;
        });
  }

  @Override
  public void postStop() throws Exception {
    try {
      writer.close();
    } finally {
      readers.shutdownNow();
      source.close();
      super.postStop();
    }
  }

  private JournalRow row(PersistentRepr repr) {
    if (repr.metadata().isDefined())
      throw new IllegalArgumentException("event metadata is not supported by this journal");
    Object payload = repr.payload();
    Set<String> tags = Set.of();
    if (payload instanceof Tagged tagged) {
      tags = Set.copyOf(CollectionConverters.asJava(tagged.tags()));
      payload = tagged.payload();
    }
    Serializer serializer = serialization.findSerializerFor(payload);
    String manifest = Serializers.manifestFor(serializer, payload);
    byte[] bytes = serialization.serialize(payload).get();
    long timestamp = repr.timestamp() > 0 ? repr.timestamp() : System.currentTimeMillis();
    return new JournalRow(
        repr.persistenceId(),
        repr.sequenceNr(),
        repr.writerUuid(),
        timestamp,
        repr.manifest(),
        bytes,
        serializer.identifier(),
        manifest,
        tags);
  }

  private PersistentRepr repr(JournalRow row) {
    Object payload =
        serialization
            .deserialize(row.payload(), row.serializerId(), row.serializerManifest())
            .get();
    return PersistentRepr.apply(
            payload,
            row.sequenceNr(),
            row.persistenceId(),
            row.adapterManifest(),
            false,
            ActorRef.noSender(),
            row.writer())
        .withTimestamp(row.timestamp());
  }

  @FunctionalInterface
  private interface Query<T> {
    T run(Connection connection) throws SQLException;
  }

  private <T> Future<T> read(Query<T> query) {
    return toScala(onReader(query));
  }

  /**
   * Runs {@code query} on a reader thread with a pooled connection: never on the actor's thread.
   */
  private <T> CompletableFuture<T> onReader(Query<T> query) {
    return CompletableFuture.supplyAsync(
        () -> {
          try (Connection connection = source.getConnection()) {
            return query.run(connection);
          } catch (SQLException e) {
            throw new CompletionException(e);
          }
        },
        readers);
  }

  /**
   * The failure as it happened (an SQLException), not wrapped, for the actors' and the log's sake.
   */
  private static <T> Future<T> toScala(CompletableFuture<T> stage) {
    CompletableFuture<T> out = new CompletableFuture<>();
    stage.whenComplete(
        (value, failure) -> {
          if (failure == null) {
            out.complete(value);
          } else {
            out.completeExceptionally(
                failure instanceof CompletionException && failure.getCause() != null
                    ? failure.getCause()
                    : failure);
          }
        });
    return FutureConverters.asScala(out);
  }
}
