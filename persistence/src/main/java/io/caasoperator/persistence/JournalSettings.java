package io.caasoperator.persistence;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigValueFactory;
import java.net.URI;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Where the journal lives: an H2 file in the data directory (embedded default) or PostgreSQL.
 * {@link #toConfig()} gives the pekko-persistence-jdbc settings, with pools sized for a small
 * machine (the plugin's defaults of 20 connections are too many for 2 cores).
 *
 * @param jdbcUrl the JDBC url
 * @param snapshotEvery events between snapshots of an entity
 * @param syncOnCommit H2 only: force every committed transaction to the disk ({@code fsync}) before
 *     it is acknowledged, so that a power loss loses nothing either (a process kill loses nothing
 *     without it). PostgreSQL decides this itself ({@code synchronous_commit}, on by default).
 */
public record JournalSettings(
    Backend backend,
    String jdbcUrl,
    String user,
    String password,
    int snapshotEvery,
    boolean syncOnCommit) {

  public enum Backend {
    H2,
    POSTGRESQL
  }

  public static final int DEFAULT_SNAPSHOT_EVERY = 100;

  /** The config path of the operator's journal plugin ({@code GroupCommitJournal}). */
  public static final String JOURNAL_PLUGIN = "caas-journal";

  public JournalSettings {
    if (snapshotEvery <= 0)
      throw new IllegalArgumentException("snapshot interval must be > 0, got " + snapshotEvery);
  }

  /**
   * The embedded journal, opened by one process at a time (H2 locks the file; the operator's
   * data-directory lock says who holds it). No server mode: H2's {@code AUTO_SERVER} would serve
   * the file on every network interface to anyone who reads the lock file's key, so a running
   * operator's journal is read through its listener instead.
   *
   * <p>{@code WRITE_DELAY=0}: H2 writes a commit to the file before the commit returns. Its default
   * keeps commits in memory for up to half a second, so a killed process lost acknowledged events
   * (STACK-NOTES pitfall 12; {@code JournalCrashTest} kills a writer milliseconds after
   * acknowledgements to prove it no longer does).
   */
  public static JournalSettings h2(Path dataDir) {
    String file = dataDir.toAbsolutePath().resolve(H2_FILE_NAME).toString();
    return new JournalSettings(
        Backend.H2,
        "jdbc:h2:file:" + file + ";DB_CLOSE_DELAY=-1;TRACE_LEVEL_FILE=0;WRITE_DELAY=0",
        "sa",
        "",
        DEFAULT_SNAPSHOT_EVERY,
        false);
  }

  /** The H2 journal's base name in the data directory (H2 adds {@code .mv.db}). */
  public static final String H2_FILE_NAME = "journal";

  /**
   * Parses {@code postgresql://user:password@host:port/database} (libpq style) or a {@code
   * jdbc:postgresql:} url; throws IllegalArgumentException naming the problem (with any password in
   * the url masked: the message is printed).
   */
  public static JournalSettings postgres(String url) {
    if (url.startsWith("jdbc:postgresql:")) {
      return new JournalSettings(Backend.POSTGRESQL, url, "", "", DEFAULT_SNAPSHOT_EVERY, false);
    }
    URI uri;
    try {
      uri = URI.create(url);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("invalid journal url \"" + masked(url) + "\": not a URL");
    }
    if (!"postgresql".equals(uri.getScheme()) && !"postgres".equals(uri.getScheme())) {
      throw new IllegalArgumentException(
          "invalid journal url \""
              + masked(url)
              + "\": expected postgresql://user@host:port/database");
    }
    if (uri.getHost() == null || uri.getPath() == null || uri.getPath().length() <= 1) {
      throw new IllegalArgumentException(
          "invalid journal url \"" + masked(url) + "\": host and database are required");
    }
    String user = "";
    String password = "";
    if (uri.getUserInfo() != null) {
      String[] parts = uri.getUserInfo().split(":", 2);
      user = parts[0];
      password = parts.length > 1 ? parts[1] : "";
    }
    int port = uri.getPort() < 0 ? 5432 : uri.getPort();
    String jdbc =
        "jdbc:postgresql://"
            + uri.getHost()
            + ":"
            + port
            + uri.getPath()
            + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
    return new JournalSettings(
        Backend.POSTGRESQL, jdbc, user, password, DEFAULT_SNAPSHOT_EVERY, false);
  }

  // user:password@ in a url (any scheme: a mistyped one is quoted in messages too); password=...
  // among the parameters of either form.
  private static final Pattern USERINFO_PASSWORD =
      Pattern.compile("^([a-zA-Z][a-zA-Z0-9+.-]*://[^@/?#:]*):[^@/?#]*@");
  private static final Pattern PARAMETER_PASSWORD =
      Pattern.compile("([?&]password=)[^&#]*", Pattern.CASE_INSENSITIVE);

  /**
   * Whether {@code url} carries a password ({@code postgresql://user:secret@...} or a {@code
   * password=} parameter). Such a url is fine in a configuration file and wrong on a command line,
   * where every user of the machine reads it in the process list.
   */
  public static boolean carriesPassword(String url) {
    return USERINFO_PASSWORD.matcher(url).find() || PARAMETER_PASSWORD.matcher(url).find();
  }

  /** {@code url} with any password in it replaced by {@code ***}, for messages. */
  public static String masked(String url) {
    String masked = USERINFO_PASSWORD.matcher(url).replaceFirst("$1:***@");
    return PARAMETER_PASSWORD.matcher(masked).replaceAll("$1***");
  }

  /**
   * These settings logging in with {@code password} (read from a file or the environment), instead
   * of one in the url.
   */
  public JournalSettings withPassword(String password) {
    if (backend != Backend.POSTGRESQL)
      throw new IllegalStateException("the H2 journal takes no password");
    return new JournalSettings(backend, jdbcUrl, user, password, snapshotEvery, syncOnCommit);
  }

  public JournalSettings withSnapshotEvery(int events) {
    return new JournalSettings(backend, jdbcUrl, user, password, events, syncOnCommit);
  }

  /** See {@code syncOnCommit}; ignored for PostgreSQL, whose server decides. */
  public JournalSettings withSyncOnCommit(boolean sync) {
    return new JournalSettings(backend, jdbcUrl, user, password, snapshotEvery, sync);
  }

  /** The statement the journal writer runs after each commit to force it to the disk, or "". */
  String syncStatement() {
    return backend == Backend.H2 && syncOnCommit ? "CHECKPOINT SYNC" : "";
  }

  /** A url for people: the password is never shown. */
  public String describe() {
    return backend == Backend.H2
        ? jdbcUrl.substring(0, jdbcUrl.indexOf(';'))
        : masked(jdbcUrl) + (user.isEmpty() ? "" : " as " + user);
  }

  /** The record's own toString would print the password wherever settings are logged. */
  @Override
  public String toString() {
    return "JournalSettings["
        + backend
        + " "
        + masked(jdbcUrl)
        + (user.isEmpty() ? "" : " as " + user)
        + (password.isEmpty() ? "" : " with a password")
        + ", snapshot every "
        + snapshotEvery
        + "]";
  }

  public Config toConfig() {
    Map<String, Object> db = new HashMap<>();
    db.put("url", jdbcUrl);
    db.put("user", user);
    db.put("password", password);
    db.put("driver", backend == Backend.H2 ? "org.h2.Driver" : "org.postgresql.Driver");
    db.put("numThreads", 4);
    db.put("maxConnections", 4);
    db.put("minConnections", 1);
    db.put("connectionTimeout", 5000);
    db.put("queueSize", 50000);
    Map<String, Object> slick = new HashMap<>();
    slick.put(
        "profile", backend == Backend.H2 ? "slick.jdbc.H2Profile$" : "slick.jdbc.PostgresProfile$");
    slick.put("db", db);
    Map<String, Object> journal = new HashMap<>();
    journal.put("class", "io.caasoperator.persistence.journal.GroupCommitJournal");
    journal.put("plugin-dispatcher", "pekko.actor.default-dispatcher");
    journal.put("url", jdbcUrl);
    journal.put("user", user);
    journal.put("password", password);
    journal.put("driver", db.get("driver"));
    journal.put("connection-timeout", "5s");
    journal.put("readers", 4);
    journal.put("sync-statement", syncStatement());
    return ConfigFactory.parseMap(
            Map.of(
                "pekko-persistence-jdbc.shared-databases.slick",
                ConfigValueFactory.fromMap(slick),
                JOURNAL_PLUGIN,
                ConfigValueFactory.fromMap(journal)))
        .withFallback(
            ConfigFactory.parseString(
                """
            # Events are written by our GroupCommitJournal (one transaction for many entities'
            # writes) on pekko-persistence-jdbc's tables; the plugin still reads them (read
            # journal: journal/replay commands) and keeps the snapshots.
            pekko.persistence.journal.plugin = "caas-journal"
            pekko.persistence.snapshot-store.plugin = "jdbc-snapshot-store"
            pekko.persistence.journal.auto-start-journals = ["caas-journal"]
            jdbc-journal.use-shared-db = "slick"
            jdbc-snapshot-store.use-shared-db = "slick"
            jdbc-read-journal.use-shared-db = "slick"
            jdbc-durable-state-store.use-shared-db = "slick"
            jdbc-read-journal.refresh-interval = 200ms
            # After repeated failures (database down) the plugins' circuit breakers fail every
            # call fast; by default for 30 s (journal) and 60 s (snapshots) before trying again,
            # which would keep the actors down that long after the database is back.
            caas-journal.circuit-breaker.reset-timeout = 5s
            jdbc-snapshot-store.circuit-breaker.reset-timeout = 5s
            # 10,000 units write and recover at once at start-up: the write queue, the database
            # task queue and the per-call timeouts must hold such a burst (the defaults of 1,000
            # rows and 10 s failed it, and the circuit breaker then failed every unit).
            caas-journal.circuit-breaker.call-timeout = 60s
            jdbc-snapshot-store.circuit-breaker.call-timeout = 60s
            caas-journal.recovery-event-timeout = 120s
            pekko.persistence.journal-plugin-fallback.recovery-event-timeout = 120s
            caas.journal.snapshot-every = %d
            """
                    .formatted(snapshotEvery)));
  }
}
