package io.caasoperator.substrate;

import io.caasoperator.domain.CharmStorage;
import io.caasoperator.domain.UnitId;

/**
 * Where a unit's storage instances are, as its hooks see them ({@code storage-get location}, {@code
 * JUJU_STORAGE_LOCATION}). Answered at once from what the substrate already knows: the operator
 * asks it for every unit it tells what storage it has.
 */
public interface StorageLayout {

  /**
   * Where the instance {@code id} ({@code data/0}) of the charm's storage declared as {@code spec}
   * is for {@code unit}.
   */
  String location(UnitId unit, String id, CharmStorage spec);

  /** Whether a unit's hooks may add instances ({@code storage-add}). */
  default boolean canAdd() {
    return true;
  }

  /**
   * Juju's own rule for a Kubernetes charm: the location the charm declares, else {@code
   * /var/lib/juju/storage/<name>/<n>} (where Juju mounts it in the charm container).
   */
  StorageLayout JUJU_DEFAULT =
      (unit, id, spec) ->
          spec.location().isEmpty()
              ? "/var/lib/juju/storage/"
                  + id.substring(0, id.indexOf('/'))
                  + "/"
                  + id.substring(id.indexOf('/') + 1)
              : spec.location();
}
