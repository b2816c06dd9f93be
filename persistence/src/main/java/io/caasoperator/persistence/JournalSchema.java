package io.caasoperator.persistence;

import java.time.Duration;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.persistence.jdbc.testkit.javadsl.SchemaUtils;

/**
 * Creates the journal tables when missing (the plugin's DDL; in its main jar despite the package).
 */
public final class JournalSchema {
  private JournalSchema() {}

  /** Blocking; call before any entity persists. */
  public static void createIfMissing(ActorSystem<?> system, Duration timeout) {
    try {
      SchemaUtils.createIfNotExists(system)
          .toCompletableFuture()
          .get(timeout.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while creating journal tables", e);
    } catch (Exception e) {
      throw new IllegalStateException("cannot create journal tables: " + rootMessage(e), e);
    }
  }

  private static String rootMessage(Throwable e) {
    Throwable t = e;
    while (t.getCause() != null) t = t.getCause();
    return t.getMessage();
  }
}
