package io.caasoperator.persistence;

import com.typesafe.config.Config;
import org.apache.pekko.persistence.typed.javadsl.RetentionCriteria;

/**
 * How often an entity (the operator, a unit) writes a snapshot of its state: every {@code
 * caas.journal.snapshot-every} events (100 unless set), keeping the last two, so that recovery
 * reads a snapshot and at most that many events.
 */
public final class SnapshotRetention {
  static final int DEFAULT_EVERY = 100;

  private SnapshotRetention() {}

  public static RetentionCriteria from(Config config) {
    int every =
        config.hasPath("caas.journal.snapshot-every")
            ? config.getInt("caas.journal.snapshot-every")
            : DEFAULT_EVERY;
    return RetentionCriteria.snapshotEvery(every, 2);
  }
}
