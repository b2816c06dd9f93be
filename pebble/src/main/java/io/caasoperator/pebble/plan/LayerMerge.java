package io.caasoperator.pebble.plan;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The two ways Pebble's {@code Merge} methods combine a layer's collections with a lower layer's
 * (plan.go): lists append, maps merge key by key.
 */
final class LayerMerge {
  private LayerMerge() {}

  /** {@code below}'s entries with {@code over}'s laid on top. */
  static <V> Map<String, V> keyByKey(Map<String, V> below, Map<String, V> over) {
    Map<String, V> merged = new TreeMap<>(below);
    merged.putAll(over);
    return merged;
  }

  /** {@code below}'s items, then {@code over}'s. */
  static <T> List<T> appended(List<T> below, List<T> over) {
    List<T> merged = new ArrayList<>(below);
    merged.addAll(over);
    return merged;
  }
}
