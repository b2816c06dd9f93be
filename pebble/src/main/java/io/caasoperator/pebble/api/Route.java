package io.caasoperator.pebble.api;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** A path pattern like {@code /v1/changes/{id}/wait} and its handlers by method. */
record Route(List<String> segments, Map<String, Endpoint> methods) {

  /** Answers one request. */
  @FunctionalInterface
  interface Endpoint {
    ApiResponse handle(ApiRequest request) throws ApiException;
  }

  static Route of(String pattern, Map<String, Endpoint> methods) {
    return new Route(List.of(pattern.substring(1).split("/")), Map.copyOf(methods));
  }

  /** A path that answers {@code GET} only. */
  static Route get(String pattern, Endpoint endpoint) {
    return of(pattern, Map.of("GET", endpoint));
  }

  /** A path that answers {@code POST} only. */
  static Route post(String pattern, Endpoint endpoint) {
    return of(pattern, Map.of("POST", endpoint));
  }

  /** The path variables when {@code path} matches. */
  Optional<Map<String, String>> match(String path) {
    String[] parts = path.substring(1).split("/", -1);
    if (parts.length != segments.size()) {
      return Optional.empty();
    }
    Map<String, String> vars = new HashMap<>();
    for (int i = 0; i < parts.length; i++) {
      String s = segments.get(i);
      if (s.startsWith("{") && s.endsWith("}")) {
        if (parts[i].isEmpty()) {
          return Optional.empty();
        }
        vars.put(s.substring(1, s.length() - 1), parts[i]);
      } else if (!s.equals(parts[i])) {
        return Optional.empty();
      }
    }
    return Optional.of(vars);
  }
}
