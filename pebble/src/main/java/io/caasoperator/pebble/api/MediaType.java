package io.caasoperator.pebble.api;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * A parsed Content-Type (Go's {@code mime.ParseMediaType}): lower-case type and its parameters,
 * quotes removed.
 */
record MediaType(String type, Map<String, String> params) {
  static Optional<MediaType> parse(String header) {
    if (header == null || header.isBlank()) {
      return Optional.empty();
    }
    String[] parts = header.split(";");
    String type = parts[0].strip().toLowerCase(Locale.ROOT);
    if (!type.matches("[a-z0-9!#$&^_.+-]+/[a-z0-9!#$&^_.+-]+")) {
      return Optional.empty();
    }
    Map<String, String> params = new LinkedHashMap<>();
    for (int i = 1; i < parts.length; i++) {
      String p = parts[i].strip();
      int eq = p.indexOf('=');
      if (eq <= 0) {
        return Optional.empty();
      }
      String value = p.substring(eq + 1).strip();
      if (value.length() >= 2 && value.startsWith("\"") && value.endsWith("\"")) {
        value = value.substring(1, value.length() - 1);
      }
      params.put(p.substring(0, eq).strip().toLowerCase(Locale.ROOT), value);
    }
    return Optional.of(new MediaType(type, params));
  }
}
