package io.caasoperator.action;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * An exec that runs as a Juju action: {@code action-get} reads {@code params}, and what {@code
 * action-set}, {@code action-log} and {@code action-fail} record comes back with the reply.
 */
public record ActionRun(String name, Map<String, Object> params) {
  public ActionRun {
    if (name == null || name.isBlank()) throw new IllegalArgumentException("action name is empty");
    // not Map.copyOf: parameters may hold null values
    params = Collections.unmodifiableMap(new LinkedHashMap<>(params == null ? Map.of() : params));
  }
}
