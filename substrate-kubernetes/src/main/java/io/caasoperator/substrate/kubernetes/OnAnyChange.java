package io.caasoperator.substrate.kubernetes;

import io.fabric8.kubernetes.client.informers.ResourceEventHandler;

/**
 * An informer's handler for watches that are level-triggered: whatever changed (added, updated,
 * deleted), the same thing happens, which then reads the informer's whole cache.
 */
final class OnAnyChange<T> implements ResourceEventHandler<T> {
  private final Runnable changed;

  OnAnyChange(Runnable changed) {
    this.changed = changed;
  }

  @Override
  public void onAdd(T resource) {
    changed.run();
  }

  @Override
  public void onUpdate(T before, T after) {
    changed.run();
  }

  @Override
  public void onDelete(T resource, boolean finalStateUnknown) {
    changed.run();
  }
}
