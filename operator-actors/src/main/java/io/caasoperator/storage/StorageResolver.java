package io.caasoperator.storage;

import io.caasoperator.domain.Life;
import io.caasoperator.persistence.HookKind;
import io.caasoperator.persistence.PlannedHook;
import io.caasoperator.persistence.UnitState;
import java.util.Optional;
import java.util.TreeSet;

/**
 * The storage hooks of a unit, in storage id order: {@code <storage>-storage-attached} once per
 * instance of a started unit, and {@code <storage>-storage-detaching} once per attached instance of
 * a dying unit, before its {@code stop}. Juju's storage resolver for CAAS models attaches the
 * storage provisioned with the pod once the unit runs, and detaches it before the dying unit stops
 * ({@code internal/worker/uniter/storage/resolver.go}); local units follow the same order, so it is
 * one order on every substrate. Pure.
 */
public final class StorageResolver {
  private StorageResolver() {}

  /** The first instance of an alive unit whose storage-attached has not run. */
  public static Optional<PlannedHook> attached(UnitState s) {
    if (s.life() != Life.ALIVE) return Optional.empty();
    for (String id : new TreeSet<>(s.storage().instances().keySet())) {
      if (!s.storage().attached().contains(id)) return hook(HookKind.STORAGE_ATTACHED, id, s);
    }
    return Optional.empty();
  }

  /**
   * The first attached instance of a dying unit whose storage-detaching has not run; none once the
   * unit stopped (it detached everything before).
   */
  public static Optional<PlannedHook> detaching(UnitState s) {
    if (s.life() != Life.DYING || s.progress().stopped()) return Optional.empty();
    for (String id : s.storage().attached()) {
      if (!s.storage().detached().contains(id)) return hook(HookKind.STORAGE_DETACHING, id, s);
    }
    return Optional.empty();
  }

  private static Optional<PlannedHook> hook(HookKind kind, String id, UnitState s) {
    return Optional.of(
        PlannedHook.storage(
            kind,
            s.storage().instances().get(id),
            s.charmInUse().generation(),
            s.assigned().configGeneration()));
  }
}
