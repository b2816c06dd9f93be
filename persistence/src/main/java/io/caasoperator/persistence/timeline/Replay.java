package io.caasoperator.persistence.timeline;

import io.caasoperator.domain.UnitId;
import io.caasoperator.persistence.OperatorEvent;
import io.caasoperator.persistence.OperatorState;
import io.caasoperator.persistence.UnitEvent;
import io.caasoperator.persistence.UnitState;
import io.caasoperator.persistence.WorkloadEvent;
import java.time.Instant;
import java.util.TreeMap;
import java.util.function.LongConsumer;

/**
 * Folds a timeline into the state at a point: nothing but the events and the actors' own {@code
 * apply}. Entries must come in global order, as {@link JournalReader} delivers them.
 *
 * <p>It folds into one map of unit states instead of calling {@link ReplayedState#apply} per event,
 * which copies the map: with thousands of units that copy would dominate the replay.
 */
public final class Replay {
  private Replay() {}

  public static ReplayedState to(
      ReplayPoint point, String application, Iterable<JournalEntry> entries) {
    return to(point, application, entries, count -> {});
  }

  /**
   * @param progress told the number of events applied so far, every 1,000 and at the end
   */
  public static ReplayedState to(
      ReplayPoint point,
      String application,
      Iterable<JournalEntry> entries,
      LongConsumer progress) {
    OperatorState operator = OperatorState.initial();
    TreeMap<UnitId, UnitState> units = new TreeMap<>();
    long offset = 0;
    Instant time = null;
    long applied = 0;
    for (JournalEntry entry : entries) {
      if (!point.includes(entry)) break;
      switch (entry.event()) {
        case OperatorEvent e -> operator = operator.apply(e);
        case UnitEvent e -> ReplayedState.applyUnitEvent(units, entry, e);
        // a unit container's Pebble (layers, services) is not part of the replayed state
        case WorkloadEvent e -> {}
        // the application's secrets are not part of the replayed operator and unit states
        case io.caasoperator.persistence.secret.SecretEvent e -> {}
        default -> throw new IllegalStateException("cannot replay " + entry.type());
      }
      offset = entry.offset();
      time = entry.time();
      if (++applied % 1000 == 0) progress.accept(applied);
    }
    progress.accept(applied);
    return new ReplayedState(application, offset, time, applied, operator, units);
  }
}
