package io.caasoperator.persistence.journal;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.function.Consumer;

/**
 * The SQL of the journal, on pekko-persistence-jdbc's tables ({@code event_journal}, {@code
 * event_tag}): quoted lower-case names, which H2 and PostgreSQL both resolve to the tables the
 * plugin's schema creates. Blocking; callers run it off actor threads.
 */
final class JournalTables {

  private static final String INSERT_EVENT =
      """
      INSERT INTO "event_journal" ("deleted", "persistence_id", "sequence_number", "writer", "write_timestamp",
        "adapter_manifest", "event_payload", "event_ser_id", "event_ser_manifest")
      VALUES (FALSE, ?, ?, ?, ?, ?, ?, ?, ?)""";
  private static final String INSERT_TAG =
      "INSERT INTO \"event_tag\" (\"event_id\", \"tag\") VALUES (?, ?)";
  private static final String REPLAY =
      """
      SELECT "sequence_number", "writer", "write_timestamp", "adapter_manifest", "event_payload", "event_ser_id",
        "event_ser_manifest"
      FROM "event_journal"
      WHERE "persistence_id" = ? AND "sequence_number" >= ? AND "sequence_number" <= ? AND "deleted" = FALSE
      ORDER BY "sequence_number"
      """;
  private static final String HIGHEST =
      "SELECT MAX(\"sequence_number\") FROM \"event_journal\" WHERE \"persistence_id\" = ?";
  private static final String MARK_DELETED =
      """
      UPDATE "event_journal" SET "deleted" = TRUE WHERE "persistence_id" = ? AND "sequence_number" <= ?""";

  private JournalTables() {}

  /**
   * Inserts {@code rows} and their tags with two batched statements in the connection's current
   * transaction: one round trip per table however many actors' writes the batch gathers.
   */
  static void insert(Connection connection, List<JournalRow> rows) throws SQLException {
    long[] orderings = new long[rows.size()];
    try (PreparedStatement events =
        connection.prepareStatement(INSERT_EVENT, new String[] {"ordering"})) {
      for (JournalRow row : rows) {
        events.setString(1, row.persistenceId());
        events.setLong(2, row.sequenceNr());
        events.setString(3, row.writer());
        events.setLong(4, row.timestamp());
        events.setString(5, row.adapterManifest());
        events.setBytes(6, row.payload());
        events.setInt(7, row.serializerId());
        events.setString(8, row.serializerManifest());
        events.addBatch();
      }
      events.executeBatch();
      try (ResultSet keys = events.getGeneratedKeys()) {
        int i = 0;
        while (keys.next()) {
          if (i == orderings.length)
            throw new SQLException("the database returned more keys than rows inserted");
          orderings[i++] = keys.getLong(1);
        }
        if (i != orderings.length) {
          throw new SQLException(
              "the database returned " + i + " keys for " + orderings.length + " rows inserted");
        }
      }
    }
    boolean anyTag = rows.stream().anyMatch(r -> !r.tags().isEmpty());
    if (!anyTag) return;
    try (PreparedStatement tags = connection.prepareStatement(INSERT_TAG)) {
      for (int i = 0; i < rows.size(); i++) {
        for (String tag : rows.get(i).tags()) {
          tags.setLong(1, orderings[i]);
          tags.setString(2, tag);
          tags.addBatch();
        }
      }
      tags.executeBatch();
    }
  }

  /**
   * Calls {@code each} with the entity's live events from {@code from} to {@code to}, at most
   * {@code max}.
   */
  static void replay(
      Connection connection,
      String persistenceId,
      long from,
      long to,
      long max,
      Consumer<JournalRow> each)
      throws SQLException {
    try (PreparedStatement query = connection.prepareStatement(REPLAY)) {
      query.setString(1, persistenceId);
      query.setLong(2, from);
      query.setLong(3, to);
      if (max <= 0) return;
      if (max < Integer.MAX_VALUE) query.setMaxRows((int) max);
      try (ResultSet rows = query.executeQuery()) {
        while (rows.next()) {
          each.accept(
              new JournalRow(
                  persistenceId,
                  rows.getLong(1),
                  rows.getString(2),
                  rows.getLong(3),
                  rows.getString(4),
                  rows.getBytes(5),
                  rows.getInt(6),
                  rows.getString(7),
                  java.util.Set.of()));
        }
      }
    }
  }

  /** The highest sequence number the entity ever wrote (deleted events count), 0 for none. */
  static long highestSequenceNr(Connection connection, String persistenceId) throws SQLException {
    try (PreparedStatement query = connection.prepareStatement(HIGHEST)) {
      query.setString(1, persistenceId);
      try (ResultSet rows = query.executeQuery()) {
        return rows.next() ? rows.getLong(1) : 0;
      }
    }
  }

  /** Marks the entity's events up to {@code to} deleted; they are no longer replayed. */
  static void markDeleted(Connection connection, String persistenceId, long to)
      throws SQLException {
    try (PreparedStatement update = connection.prepareStatement(MARK_DELETED)) {
      update.setString(1, persistenceId);
      update.setLong(2, to);
      update.executeUpdate();
    }
  }

  /** Runs {@code work} in one transaction on {@code connection}, rolling back when it fails. */
  static void inTransaction(Connection connection, SqlWork work) throws SQLException {
    boolean autoCommit = connection.getAutoCommit();
    if (autoCommit) connection.setAutoCommit(false);
    try {
      work.run(connection);
      connection.commit();
    } catch (SQLException | RuntimeException e) {
      try {
        connection.rollback();
      } catch (SQLException suppressed) {
        e.addSuppressed(suppressed);
      }
      throw e;
    } finally {
      if (autoCommit) connection.setAutoCommit(true);
    }
  }

  @FunctionalInterface
  interface SqlWork {
    void run(Connection connection) throws SQLException;
  }
}
