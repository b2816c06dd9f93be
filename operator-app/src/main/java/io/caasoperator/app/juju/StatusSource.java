package io.caasoperator.app.juju;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;

/** What a model's running operator reports ({@code GET /v1/status}); empty when none runs. */
@FunctionalInterface
public interface StatusSource {
  Optional<JsonNode> status(ModelDirectory model);
}
