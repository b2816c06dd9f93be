package io.caasoperator.pebble.plan;

import java.util.ArrayList;
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
        concat(after, over.after), concat(before, over.before), concat(requires, over.requires));
  }

  private static List<String> concat(List<String> a, List<String> b) {
    List<String> out = new ArrayList<>(a);
    out.addAll(b);
    return out;
  }
}
