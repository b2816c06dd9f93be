package io.caasoperator.hooktool;

import io.caasoperator.domain.Life;
import io.caasoperator.domain.Status;
import io.caasoperator.domain.UnitId;
import java.util.Objects;

/**
 * A unit of the application as {@code goal-state} and {@code status-get --application} show it.
 *
 * @param unit the unit
 * @param life alive, dying or dead; goal-state reports a unit that is not alive as {@code dying}
 * @param status its workload status
 */
public record PeerUnit(UnitId unit, Life life, Status status) {
  public PeerUnit {
    Objects.requireNonNull(unit, "unit");
    Objects.requireNonNull(life, "life");
    Objects.requireNonNull(status, "status");
  }
}
