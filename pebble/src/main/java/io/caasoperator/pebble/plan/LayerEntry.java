package io.caasoperator.pebble.plan;

/**
 * A named entry of a layer ({@link ServiceSpec}, {@link CheckSpec}, {@link LogTarget}): its {@code
 * override:} says how it combines with the same entry of lower layers (plan.go {@code
 * CombineLayers}).
 */
public interface LayerEntry<T extends LayerEntry<T>> {
  String name();

  Override override();

  /** This entry with the fields {@code over} sets laid on top ({@code override: merge}). */
  T merge(T over);
}
