package io.caasoperator.charm;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SchemaRegistryConfig;
import com.networknt.schema.SpecificationVersion;
import java.util.List;
import java.util.Locale;

/**
 * JSON Schema checks, by networknt's validator, in draft 4: the draft Juju validates action
 * parameters with ({@code internal/charm/actions.go}: "The Params map is expected to conform to
 * JSON-Schema Draft 4"). Messages are in English whatever the machine's locale, since they end up
 * in replies and charm errors.
 */
final class JsonSchemas {
  private static final SchemaRegistry REGISTRY =
      SchemaRegistry.withDefaultDialect(
          SpecificationVersion.DRAFT_4,
          builder ->
              builder.schemaRegistryConfig(
                  SchemaRegistryConfig.builder().locale(Locale.ENGLISH).build()));
  // Shipped inside the validator's jar: checking a charm's schema reaches no network.
  private static final Schema DRAFT_4 =
      REGISTRY.getSchema(SchemaLocation.of("http://json-schema.org/draft-04/schema#"));

  private JsonSchemas() {}

  /** What makes {@code schema} not a draft 4 JSON Schema; empty when it is one. */
  static List<String> problemsOf(JsonNode schema) {
    return describe(DRAFT_4.validate(schema), "at ");
  }

  /**
   * What makes {@code instance} not satisfy {@code schema}, one line each, e.g. {@code parameter
   * "file": integer found, string expected}; empty when it does.
   */
  static List<String> violations(JsonNode schema, JsonNode instance) {
    return describe(REGISTRY.getSchema(schema).validate(instance), "parameter ");
  }

  private static List<String> describe(List<Error> errors, String what) {
    return errors.stream()
        .map(
            error -> {
              String at = String.valueOf(error.getInstanceLocation());
              String path = at.startsWith("/") ? at.substring(1).replace('/', '.') : at;
              return path.isEmpty()
                  ? error.getMessage()
                  : what + "\"" + path + "\": " + error.getMessage();
            })
        .sorted()
        .toList();
  }
}
