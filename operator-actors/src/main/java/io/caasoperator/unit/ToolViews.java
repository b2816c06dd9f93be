package io.caasoperator.unit;

import io.caasoperator.domain.UnitId;
import io.caasoperator.persistence.UnitState;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What hook tools read, as the actors that own it last published it, so that {@link ToolViewAnswer}
 * answers read-only calls without a round trip through them: each unit's state, published by its
 * actor after every change (and, for a tool whose effects are still being written, before the tool
 * is answered), and the application's snapshot, published by the operator after every change. Only
 * immutable values are published; readers never see an actor's state half-changed.
 */
public final class ToolViews {

  private final ConcurrentHashMap<UnitId, UnitState> units = new ConcurrentHashMap<>();
  private volatile ApplicationSnapshot application;

  /**
   * The unit's actor: its state now (every unit, so a context's unit is there when its hook
   * starts).
   */
  public void unitChanged(UnitState state) {
    units.put(state.unit(), state);
  }

  /** The unit's actor stopped: its running contexts are cancelled with it. */
  public void unitStopped(UnitId unit) {
    units.remove(unit);
  }

  /**
   * The operator: what every unit's tools read of the application, without its units (a tool that
   * lists them, {@code goal-state}, asks the operator).
   */
  public void applicationChanged(ApplicationSnapshot snapshot) {
    application = snapshot;
  }

  /** The operator stopped (or stands by): nothing is answered from its last snapshot. */
  public void applicationStopped() {
    application = null;
  }

  Optional<UnitState> unit(UnitId unit) {
    return Optional.ofNullable(units.get(unit));
  }

  Optional<ApplicationSnapshot> application() {
    return Optional.ofNullable(application);
  }
}
