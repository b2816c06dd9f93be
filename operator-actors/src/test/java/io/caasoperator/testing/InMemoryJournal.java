package io.caasoperator.testing;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import org.apache.pekko.actor.testkit.typed.javadsl.ManualTime;
import org.apache.pekko.persistence.testkit.PersistenceTestKitPlugin;
import org.apache.pekko.persistence.testkit.PersistenceTestKitSnapshotPlugin;

/**
 * The configuration of an actor test kit whose journal and snapshots are kept in memory (Pekko's
 * persistence test kit), over the application's own: event-sourced actors run without a database.
 */
public final class InMemoryJournal {
  private InMemoryJournal() {}

  public static Config config() {
    return PersistenceTestKitPlugin.getInstance()
        .config()
        .withFallback(PersistenceTestKitSnapshotPlugin.config())
        .withFallback(ConfigFactory.load());
  }

  /** The same, with Pekko's {@link ManualTime}: timers fire when the test moves time on. */
  public static Config withManualTime() {
    return ManualTime.config().withFallback(config());
  }
}
