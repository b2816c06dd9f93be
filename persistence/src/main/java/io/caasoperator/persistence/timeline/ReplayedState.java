package io.caasoperator.persistence.timeline;

import io.caasoperator.domain.UnitId;
import io.caasoperator.persistence.OperatorEvent;
import io.caasoperator.persistence.OperatorState;
import io.caasoperator.persistence.UnitEvent;
import io.caasoperator.persistence.UnitState;
import java.time.Instant;
import java.util.Collections;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The operator's and its units' state after the events up to {@code offset}, rebuilt with the same
 * {@code apply} the actors use ({@link OperatorState#apply}, {@link UnitState#apply}).
 *
 * @param offset the global offset of the last event applied (0: none)
 * @param time the time of the last event applied (null: none)
 * @param events how many events were applied
 * @param units every unit that has a journal, removed ones included (their state says dead)
 */
public record ReplayedState(
    String application,
    long offset,
    Instant time,
    long events,
    OperatorState operator,
    SortedMap<UnitId, UnitState> units) {

  public ReplayedState {
    units = Collections.unmodifiableSortedMap(new TreeMap<>(units));
  }

  public static ReplayedState initial(String application) {
    return new ReplayedState(application, 0, null, 0, OperatorState.initial(), new TreeMap<>());
  }

  /** This state with one more event; the entry must come after every one applied so far. */
  public ReplayedState apply(JournalEntry entry) {
    return switch (entry.event()) {
      case OperatorEvent e ->
          new ReplayedState(
              application, entry.offset(), entry.time(), events + 1, operator.apply(e), units);
      case UnitEvent e -> {
        TreeMap<UnitId, UnitState> copy = new TreeMap<>(units);
        applyUnitEvent(copy, entry, e);
        yield new ReplayedState(
            application, entry.offset(), entry.time(), events + 1, operator, copy);
      }
      // a unit container's Pebble (layers, services) and the application's secrets are not part of
      // the replayed state
      case io.caasoperator.persistence.WorkloadEvent e ->
          new ReplayedState(application, entry.offset(), entry.time(), events + 1, operator, units);
      case io.caasoperator.persistence.secret.SecretEvent e ->
          new ReplayedState(application, entry.offset(), entry.time(), events + 1, operator, units);
      default -> throw new IllegalStateException("cannot replay " + entry.type());
    };
  }

  /**
   * Applies {@code event} of {@code entry}'s unit to that unit's state in {@code units} (its first
   * event to its initial state): one step of this record's {@link #apply} and of {@link Replay}'s
   * fold into a single map.
   */
  static void applyUnitEvent(Map<UnitId, UnitState> units, JournalEntry entry, UnitEvent event) {
    UnitId unit =
        entry
            .unit()
            .orElseThrow(
                () ->
                    new IllegalStateException(
                        "unit event " + entry.type() + " in " + entry.entity()));
    units.put(unit, units.getOrDefault(unit, UnitState.initial(unit)).apply(event));
  }
}
