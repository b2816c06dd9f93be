package io.caasoperator.substrate;

import io.caasoperator.domain.UnitId;
import io.caasoperator.persistence.PebbleNotice;
import java.util.Objects;

/**
 * A unit container's workload told the charm something through its Pebble: a custom notice
 * occurred, or a check failed or recovered. The unit runs {@code <container>-pebble-custom-notice}
 * or {@code <container>-pebble-check-failed} / {@code -recovered} for it.
 */
public record WorkloadNotice(UnitId unit, PebbleNotice notice) {
  public WorkloadNotice {
    Objects.requireNonNull(unit, "unit");
    Objects.requireNonNull(notice, "notice");
  }
}
