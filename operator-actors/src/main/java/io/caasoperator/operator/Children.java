package io.caasoperator.operator;

import io.caasoperator.domain.UnitId;
import io.caasoperator.unit.Desired;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * What the operator set in motion and must not repeat: a UnitActor per unit with the desired state
 * it was last told, the removals under way, and the charm generation the substrate was told about.
 * Not journaled: a restart of the operator stops all its children, so it starts empty again and the
 * plan spawns and tells everything anew. Immutable.
 *
 * @param assigned the units that have an actor, each with the desired state last sent to it
 * @param removing units whose removal ({@link UnitRemoval}) is under way: they have no actor and
 *     are not adopted again until it is done
 * @param announcedCharm the charm generation the substrate was last told about (0: none yet)
 */
public record Children(Map<UnitId, Desired> assigned, Set<UnitId> removing, long announcedCharm) {

  public static final Children NONE = new Children(Map.of(), Set.of(), 0);

  public Children {
    // copyOf keeps a collection it made itself: a plan that changes nothing copies nothing
    assigned = Map.copyOf(assigned);
    removing = Set.copyOf(removing);
  }

  public boolean hasActor(UnitId unit) {
    return assigned.containsKey(unit);
  }

  /** Units spawned (when new) and told {@code changes}. */
  public Children assigning(Map<UnitId, Desired> changes) {
    if (changes.isEmpty()) return new Children(assigned, removing, announcedCharm);
    Map<UnitId, Desired> next = new HashMap<>(assigned);
    next.putAll(changes);
    return new Children(next, removing, announcedCharm);
  }

  /** The units' actors are stopped and their removal starts. */
  public Children removingUnits(Collection<UnitId> units) {
    Map<UnitId, Desired> next = new HashMap<>(assigned);
    next.keySet().removeAll(units);
    Set<UnitId> nowRemoving = new HashSet<>(removing);
    nowRemoving.addAll(units);
    return new Children(next, nowRemoving, announcedCharm);
  }

  public Children removalDone(UnitId unit) {
    Set<UnitId> nowRemoving = new HashSet<>(removing);
    nowRemoving.remove(unit);
    return new Children(assigned, nowRemoving, announcedCharm);
  }

  public Children announcing(long charmGeneration) {
    return new Children(assigned, removing, charmGeneration);
  }
}
