package io.caasoperator.pebble.plan;

import java.util.List;

/**
 * {@code after}, {@code before} and {@code requires} of a service; a merge appends (plan.go {@code
 * Service.Merge}).
 */
public record Ordering(List<String> after, List<String> before, List<String> requires) {
  public static final Ordering EMPTY = new Ordering(List.of(), List.of(), List.of());

  public Ordering {
    after = List.copyOf(after);
    before = List.copyOf(before);
    requires = List.copyOf(requires);
  }

  public Ordering merge(Ordering over) {
    return new Ordering(
        LayerMerge.appended(after, over.after),
        LayerMerge.appended(before, over.before),
        LayerMerge.appended(requires, over.requires));
  }
}
