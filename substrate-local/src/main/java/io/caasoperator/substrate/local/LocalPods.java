package io.caasoperator.substrate.local;

import io.caasoperator.domain.UnitId;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The local substrate's pods and the start ids of their containers. A unit's pod is its directory:
 * while the directory lives the unit is one incarnation, whose containers started once. When the
 * operator has deleted the directory and released the unit, that pod is gone; if the unit is alive
 * again it gets a new pod whose containers start again, with a new start id, as a new pod on
 * Kubernetes has new container ids. So {@code <container>-pebble-ready} runs once per pod: never
 * twice for one, and again for the next.
 *
 * <p>Ids are {@code local-<n>} for a unit's n-th pod since this process started. The first is
 * {@code local-1}, the id every unit's containers have always had here, so a restarted operator
 * announces the same start the journal recorded and nothing runs again. (A unit revived in an
 * earlier run of the operator has a later id recorded; after a restart it sees {@code local-1} and
 * runs {@code <container>-pebble-ready} once more.)
 *
 * <p>Not thread-safe: confined to the substrate's polling thread.
 */
final class LocalPods {

  /** The number of the pod each unit has now; units without a pod are absent. */
  private final Map<UnitId, Integer> current = new HashMap<>();

  /** The number of the last pod each unit had in this process, current or gone. */
  private final Map<UnitId, Integer> last = new HashMap<>();

  /** The start id of the unit's pod; empty when it has none. */
  Optional<String> startId(UnitId unit) {
    Integer number = current.get(unit);
    return number == null ? Optional.empty() : Optional.of(startId(number));
  }

  boolean has(UnitId unit) {
    return current.containsKey(unit);
  }

  /** Makes a pod for a unit that has none; returns its containers' start id. */
  String make(UnitId unit) {
    if (current.containsKey(unit)) throw new IllegalStateException(unit + " has a pod already");
    int number = last.getOrDefault(unit, 0) + 1;
    current.put(unit, number);
    last.put(unit, number);
    return startId(number);
  }

  /**
   * The unit's pod is gone (its directory deleted, the unit released). A unit that had no pod here
   * still had one (the operator ran it before this process announced anything), so its next pod is
   * at least the second.
   */
  void gone(UnitId unit) {
    Integer number = current.remove(unit);
    last.merge(unit, number == null ? 1 : number, Math::max);
  }

  /**
   * Pods of units no longer listed at all (directory gone, beyond the scale) are gone too; returns
   * the units whose pod went.
   */
  Set<UnitId> keepOnly(Set<UnitId> listed) {
    Set<UnitId> went = new java.util.TreeSet<>();
    for (UnitId unit : Set.copyOf(current.keySet())) {
      if (!listed.contains(unit)) {
        gone(unit);
        went.add(unit);
      }
    }
    return went;
  }

  private static String startId(int number) {
    return "local-" + number;
  }
}
