package io.caasoperator.substrate;

import io.caasoperator.domain.UnitId;

/**
 * Tells the substrate a unit's hooks are all done and it may go (Kubernetes: release the pod's
 * finalizer). Blocking; idempotent; never called on an actor's thread.
 */
public interface UnitRemover {
  void release(UnitId unit) throws Exception;

  /**
   * Stops what runs for the unit outside its hooks (the local substrate: its containers' Pebbles
   * and their services) before its directory is deleted; returns once they are stopped.
   */
  default void stopWorkloads(UnitId unit) throws Exception {}
}
