package io.caasoperator.hook;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The action a context runs, when it runs one: what {@code action-get} reads.
 *
 * @param name the action's name, as in actions.yaml
 * @param params its parameters after defaults were applied; nested maps for nested parameters
 */
public record RunningAction(String name, Map<String, Object> params) {
  public RunningAction {
    Objects.requireNonNull(name, "name");
    // Not Map.copyOf: action parameters may legitimately hold null values.
    params =
        Collections.unmodifiableMap(new LinkedHashMap<>(Objects.requireNonNull(params, "params")));
  }
}
