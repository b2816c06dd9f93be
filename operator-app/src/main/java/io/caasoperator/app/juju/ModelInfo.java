package io.caasoperator.app.juju;

import io.caasoperator.model.ModelName;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.UUID;

/**
 * What a model is, apart from its applications: its name, its uuid ({@code show-model}'s {@code
 * model-uuid}, the hooks' {@code JUJU_MODEL_UUID}), when it was added and its model-config ({@code
 * add-model --config k=v}), sorted by key.
 */
public record ModelInfo(ModelName name, UUID uuid, Instant created, Map<String, String> config) {
  public ModelInfo {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(uuid, "uuid");
    Objects.requireNonNull(created, "created");
    config = java.util.Collections.unmodifiableSortedMap(new TreeMap<>(config));
  }
}
