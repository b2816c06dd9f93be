package io.caasoperator.charm;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.caasoperator.domain.CharmAction;
import io.caasoperator.domain.CharmInfo;
import java.util.Optional;

/**
 * One action of a deployed charm, ready to check a request's parameters against ({@link
 * ActionParameters#validate}). Built from what the journal records ({@link CharmAction}), so a
 * request is checked against the charm the unit runs, not against files that may have changed
 * since.
 */
public final class ActionSpec {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final String name;
  private final CharmAction action;

  /** Never handed out: JsonNode is mutable. */
  private final JsonNode schema;

  private ActionSpec(String name, CharmAction action, JsonNode schema) {
    this.name = name;
    this.action = action;
    this.schema = schema;
  }

  /**
   * @throws IllegalArgumentException when the recorded schema is not a JSON object (a journal
   *     edited by hand: the charm loader never records one)
   */
  public static ActionSpec of(String name, CharmAction action) {
    JsonNode schema;
    try {
      schema = JSON.readTree(action.params());
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException(
          "action \"" + name + "\": params schema is not JSON: " + e.getOriginalMessage());
    }
    if (schema == null || !schema.isObject()) {
      throw new IllegalArgumentException(
          "action \"" + name + "\": params schema is not a JSON object");
    }
    return new ActionSpec(name, action, schema);
  }

  /** The charm's action {@code name}; empty when the charm has no such action. */
  public static Optional<ActionSpec> of(CharmInfo charm, String name) {
    CharmAction action = charm.actions().get(name);
    return action == null ? Optional.empty() : Optional.of(of(name, action));
  }

  public String name() {
    return name;
  }

  public CharmAction action() {
    return action;
  }

  /** The parameters' JSON Schema; callers must not change it. */
  JsonNode schema() {
    return schema;
  }
}
