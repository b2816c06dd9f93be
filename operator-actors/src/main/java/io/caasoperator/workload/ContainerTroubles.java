package io.caasoperator.workload;

import io.caasoperator.domain.UnitId;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.Extension;
import org.apache.pekko.actor.typed.ExtensionId;

/**
 * The unit containers whose Pebble cannot start now, as each container's Pebble actor last said
 * (the local substrate's {@code substrate.local.workload.PebbleActor}): a container is in trouble
 * from a failed start until its Pebble answers or its actor stops. Not journaled: a restarted
 * operator tries again and learns again.
 *
 * <p>An actor-system extension (as {@code JournalHealth}), so the Pebbles' actors and the status
 * route find the one instance through the system they already have, and status shows the trouble
 * without asking any actor (on Kubernetes it is always empty).
 */
public final class ContainerTroubles implements Extension {
  /** By unit, then container name (sorted): status asks per unit, of thousands. */
  private final Map<UnitId, TreeMap<String, ContainerTrouble>> troubles = new HashMap<>();

  ContainerTroubles() {}

  public static ContainerTroubles get(ActorSystem<?> system) {
    return Id.INSTANCE.apply(system);
  }

  /** The container's Pebble failed to start (again). */
  public synchronized void failed(ContainerTrouble trouble) {
    troubles
        .computeIfAbsent(trouble.unit(), u -> new TreeMap<>())
        .put(trouble.container(), trouble);
  }

  /** The container's Pebble answers, or its actor stopped: no longer anyone's trouble. */
  public synchronized void cleared(UnitId unit, String container) {
    TreeMap<String, ContainerTrouble> ofUnit = troubles.get(unit);
    if (ofUnit == null) return;
    ofUnit.remove(container);
    if (ofUnit.isEmpty()) troubles.remove(unit);
  }

  /** The unit's containers in trouble now, by container name. */
  public synchronized List<ContainerTrouble> of(UnitId unit) {
    TreeMap<String, ContainerTrouble> ofUnit = troubles.get(unit);
    return ofUnit == null ? List.of() : List.copyOf(ofUnit.values());
  }

  private static final class Id extends ExtensionId<ContainerTroubles> {
    static final Id INSTANCE = new Id();

    @Override
    public ContainerTroubles createExtension(ActorSystem<?> system) {
      return new ContainerTroubles();
    }
  }
}
