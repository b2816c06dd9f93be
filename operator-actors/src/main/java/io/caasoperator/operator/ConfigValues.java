package io.caasoperator.operator;

import java.util.Map;
import java.util.Objects;

/**
 * Compares config settings as values, not as Java types: YAML and the journal's JSON may read the
 * same number as an Integer, a Long or a Double, and that must not look like a config change.
 */
final class ConfigValues {
  private ConfigValues() {}

  static boolean same(Map<String, Object> a, Map<String, Object> b) {
    if (a.size() != b.size()) return false;
    for (Map.Entry<String, Object> e : a.entrySet()) {
      if (!b.containsKey(e.getKey()) || !sameValue(e.getValue(), b.get(e.getKey()))) return false;
    }
    return true;
  }

  private static boolean sameValue(Object x, Object y) {
    if (x instanceof Number n && y instanceof Number m) {
      return Double.compare(n.doubleValue(), m.doubleValue()) == 0;
    }
    return Objects.equals(x, y);
  }
}
