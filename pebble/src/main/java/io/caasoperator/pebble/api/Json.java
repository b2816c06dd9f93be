package io.caasoperator.pebble.api;

import java.util.LinkedHashMap;
import java.util.Map;

/** Builds JSON objects with keys in the order Pebble writes them. */
final class Json {
  private Json() {}

  static Map<String, Object> obj(Object... keyValues) {
    Map<String, Object> m = new LinkedHashMap<>();
    for (int i = 0; i < keyValues.length; i += 2) {
      m.put((String) keyValues[i], keyValues[i + 1]);
    }
    return m;
  }
}
