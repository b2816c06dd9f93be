package io.caasoperator.substrate;

import java.util.List;

/**
 * Units whose life changed. When {@code complete} is true the list is every unit the substrate has
 * (a full listing: the first message of every watch, and after every re-list), so units the
 * operator knows but that are missing here are not found, hence dead.
 */
public record UnitsObserved(List<UnitObservation> units, boolean complete) {
  public UnitsObserved {
    units = List.copyOf(units);
  }
}
