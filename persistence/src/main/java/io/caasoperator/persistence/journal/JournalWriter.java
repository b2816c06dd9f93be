package io.caasoperator.persistence.journal;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;

/**
 * Writes journal rows for many entities in one transaction (group commit): one thread takes every
 * write that queued while the previous transaction ran and inserts them together. A thousand units
 * finishing hooks at once cost a few transactions, not a thousand.
 *
 * <p>A write completes only when its transaction committed. When a batch fails for one write's sake
 * (a duplicate sequence number from a stale incarnation), each write is tried alone so the others
 * still succeed; when the database is unreachable the whole batch fails at once.
 */
final class JournalWriter implements AutoCloseable {

  /**
   * Rows per transaction at most; a batch takes whole writes, so it may exceed this by one write.
   */
  static final int MAX_ROWS_PER_TRANSACTION = 1000;

  private record Pending(List<JournalRow> rows, CompletableFuture<Void> done) {}

  /** Told how each transaction went (the operator's metrics). */
  interface Observer {
    Observer NONE =
        new Observer() {
          @Override
          public void committed(int writes, int events, Duration took) {}

          @Override
          public void failed(int writes) {}
        };

    void committed(int writes, int events, Duration took);

    void failed(int writes);
  }

  private final DataSource source;

  /** Run after each commit, before it is acknowledged, to force it to the disk; empty for none. */
  private final String syncStatement;

  private final Observer observer;
  private final LinkedBlockingQueue<Pending> queue = new LinkedBlockingQueue<>();
  private final Thread thread;
  private volatile boolean closed;

  JournalWriter(DataSource source, String threadName, String syncStatement, Observer observer) {
    this.source = source;
    this.syncStatement = syncStatement;
    this.observer = observer;
    this.thread = Thread.ofPlatform().daemon().name(threadName).start(this::writeUntilClosed);
  }

  /** Completes when {@code rows} are committed, all of them or none. */
  CompletableFuture<Void> write(List<JournalRow> rows) {
    Pending pending = new Pending(List.copyOf(rows), new CompletableFuture<>());
    if (closed) {
      pending.done().completeExceptionally(new IllegalStateException("the journal is closed"));
      return pending.done();
    }
    queue.add(pending);
    return pending.done();
  }

  /** Writes what is queued, then stops; later writes fail. */
  @Override
  public void close() throws InterruptedException {
    closed = true;
    thread.join(TimeUnit.SECONDS.toMillis(30));
    Pending left;
    while ((left = queue.poll()) != null) {
      left.done().completeExceptionally(new IllegalStateException("the journal is closed"));
    }
  }

  private void writeUntilClosed() {
    List<Pending> batch = new ArrayList<>();
    while (!closed || !queue.isEmpty()) {
      try {
        Pending first = queue.poll(100, TimeUnit.MILLISECONDS);
        if (first == null) continue;
        batch.add(first);
        int rows = first.rows().size();
        Pending next;
        while (rows < MAX_ROWS_PER_TRANSACTION && (next = queue.poll()) != null) {
          batch.add(next);
          rows += next.rows().size();
        }
        commit(batch);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        closed = true;
      } catch (RuntimeException e) {
        batch.forEach(p -> p.done().completeExceptionally(e)); // never leave a write unanswered
      } finally {
        batch.clear();
      }
    }
  }

  private void commit(List<Pending> batch) {
    List<JournalRow> rows = new ArrayList<>();
    for (Pending p : batch) rows.addAll(p.rows());
    long started = System.nanoTime();
    try (Connection connection = source.getConnection()) {
      JournalTables.inTransaction(connection, c -> JournalTables.insert(c, rows));
      if (!syncStatement.isEmpty()) {
        try (var statement = connection.createStatement()) {
          statement.execute(syncStatement);
        }
      }
    } catch (SQLException e) {
      if (batch.size() > 1 && isConstraintViolation(e)) {
        for (Pending p : batch) commit(List.of(p));
      } else {
        observer.failed(batch.size());
        batch.forEach(p -> p.done().completeExceptionally(e));
      }
      return;
    }
    observer.committed(batch.size(), rows.size(), Duration.ofNanos(System.nanoTime() - started));
    batch.forEach(p -> p.done().complete(null));
  }

  /** SQLSTATE class 23: the rows broke a key, not the connection. */
  private static boolean isConstraintViolation(SQLException e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof SQLException sql
          && sql.getSQLState() != null
          && sql.getSQLState().startsWith("23")) return true;
    }
    return false;
  }
}
