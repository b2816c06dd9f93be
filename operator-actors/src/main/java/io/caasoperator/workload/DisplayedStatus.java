package io.caasoperator.workload;

import io.caasoperator.domain.Status;
import java.util.List;

/**
 * A unit's workload status as status shows it, given its containers in trouble: Juju's {@code
 * UnitDisplayStatus} (juju/juju {@code core/status/caas.go}; in 4.0 {@code unitDisplayStatus} of
 * {@code domain/status/service}), where a container's own status overrides what the charm said
 * unless the charm said something a person must see first. Here: what the charm set as {@code
 * error}, {@code blocked}, {@code maintenance} or {@code terminated} stays; {@code active}, {@code
 * waiting} (including the initial {@code agent initialising}) and {@code unknown} give way to
 * {@code blocked: container <name>: Pebble cannot start: <reason>}. Blocked, not waiting: the
 * operator keeps trying, but what stops a Pebble (a socket directory that cannot be written, a full
 * disk) needs a person. Pure.
 */
public final class DisplayedStatus {
  private DisplayedStatus() {}

  /** The workload status shown; {@code charmSet} itself when no container is in trouble. */
  public static Status of(Status charmSet, List<ContainerTrouble> troubles) {
    if (troubles.isEmpty()) return charmSet;
    switch (charmSet.value()) {
      case "error", "blocked", "maintenance", "terminated" -> {
        return charmSet;
      }
      default -> {
        ContainerTrouble first = troubles.getFirst();
        String message =
            "container "
                + first.container()
                + ": Pebble cannot start: "
                + first.reason()
                + (troubles.size() > 1
                    ? " (and " + (troubles.size() - 1) + " more container(s))"
                    : "");
        return Status.of("blocked", message, first.since());
      }
    }
  }
}
