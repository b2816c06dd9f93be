package io.caasoperator.operator;

import io.caasoperator.domain.ApplicationName;
import io.caasoperator.domain.Life;
import io.caasoperator.domain.UnitId;
import io.caasoperator.substrate.Specification;
import io.caasoperator.substrate.UnitObservation;
import io.caasoperator.substrate.UnitsObserved;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * What the operator's watchers and its charm deployer last reported: all it acts on besides its
 * journal. Not journaled: after a restart the watchers' first listings and a check of the charm on
 * disk rebuild it (level-triggered). Immutable: every report gives a new copy.
 *
 * @param spec the last good specification, or null before the first
 * @param specProblem why the latest specification cannot be used, or null; the last good one stays
 *     in force meanwhile
 * @param gone the application no longer exists: nothing more is decided
 * @param unitsListed a full listing of the units has arrived; before it, a unit the journal knows
 *     but no report named may still exist, so nothing is removed or spawned
 * @param units each unit's life as last reported
 * @param released units released to the substrate that it may still list as dying for a while (a
 *     pod whose finalizer was just removed): not adopted again until the substrate stops listing
 *     them, or lists them alive (a new unit with the same name)
 * @param charm how the charm's deployment goes
 */
public record Observed(
    Specification spec,
    String specProblem,
    boolean gone,
    boolean unitsListed,
    Map<UnitId, Life> units,
    Set<UnitId> released,
    CharmDeployment charm) {

  public static final Observed NOTHING =
      new Observed(null, null, false, false, Map.of(), Set.of(), CharmDeployment.NOT_ASKED);

  public Observed {
    // copyOf keeps a map it made itself: only a changed listing costs a copy
    units = Map.copyOf(units);
    released = Set.copyOf(released);
  }

  /** A specification arrived; one for another application is a problem, not a specification. */
  public Observed specified(Specification next, ApplicationName application) {
    if (!next.application().equals(application)) {
      return refused(
          "specification is for application \""
              + next.application()
              + "\", this operator runs \""
              + application
              + "\"");
    }
    return new Observed(next, null, gone, unitsListed, units, released, charm);
  }

  /** The specification changed but cannot be used: the last good one stays in force. */
  public Observed refused(String problem) {
    return new Observed(spec, problem, gone, unitsListed, units, released, charm);
  }

  public Observed applicationGone() {
    return new Observed(spec, specProblem, true, unitsListed, units, released, charm);
  }

  /**
   * Units reported: a full listing replaces what was known (a unit missing from it is not found), a
   * partial one updates the units it names.
   */
  public Observed listed(UnitsObserved report) {
    Map<UnitId, Life> lives = report.complete() ? new HashMap<>() : new HashMap<>(units);
    for (UnitObservation u : report.units()) lives.put(u.unit(), u.life());
    Set<UnitId> stillReleased = new HashSet<>(released);
    stillReleased.removeIf(u -> lives.get(u) != Life.DYING);
    return new Observed(
        spec, specProblem, gone, unitsListed || report.complete(), lives, stillReleased, charm);
  }

  /**
   * The unit's removal is done. A dying listing of it that follows is stale; a unit already listed
   * alive again is a new one (scaled down and up while it was dying) and is kept.
   */
  public Observed releasedUnit(UnitId unit) {
    Life life = units.get(unit);
    Set<UnitId> nowReleased = released;
    if (life != Life.ALIVE) {
      nowReleased = new HashSet<>(released);
      nowReleased.add(unit);
    }
    Map<UnitId, Life> lives = units;
    if (life == Life.DEAD) {
      lives = new HashMap<>(units);
      lives.remove(unit);
    }
    return new Observed(spec, specProblem, gone, unitsListed, lives, nowReleased, charm);
  }

  public Observed withCharm(CharmDeployment deployment) {
    return new Observed(spec, specProblem, gone, unitsListed, units, released, deployment);
  }
}
