package io.caasoperator.charm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.caasoperator.domain.CharmAction;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The actions a charm declares in {@code actions.yaml}, or under {@code actions:} in {@code
 * charmcraft.yaml} (the same shape), turned into the JSON Schema their parameters are validated
 * with, exactly as Juju builds it ({@code internal/charm/actions.go}, {@code ReadActionsYaml}): an
 * object schema titled with the action's name whose {@code properties} are the action's {@code
 * params:}; {@code description}, {@code title} and {@code required} carried over; {@code
 * additionalProperties} false unless the action says otherwise; every other key copied into the
 * schema as a JSON Schema keyword; {@code parallel} and {@code execution-group} kept beside it.
 */
final class ActionDefinitions {
  /** Juju's {@code actionNameRule}. */
  private static final Pattern NAME = Pattern.compile("^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$");

  /** Juju refuses them, as they could make a schema load other documents. */
  private static final List<String> PROHIBITED_KEYS = List.of("$ref", "$schema");

  private static final String NO_DESCRIPTION = "No description";

  private ActionDefinitions() {}

  /**
   * @param charmName the charm's name: charms named {@code juju-*} may use the reserved names
   */
  static Map<String, CharmAction> read(CharmSection actions, String charmName)
      throws CharmException {
    if (actions.isAbsent()) return Map.of();
    actions.requireMap();
    Map<String, CharmAction> result = new HashMap<>();
    for (var it = actions.node().properties().iterator(); it.hasNext(); ) {
      var action = it.next();
      result.put(action.getKey(), action(actions, charmName, action.getKey(), action.getValue()));
    }
    return result;
  }

  private static CharmAction action(
      CharmSection actions, String charmName, String name, JsonNode spec) throws CharmException {
    if (!NAME.matcher(name).matches()) {
      throw actions.refuse(
          "bad action name \""
              + name
              + "\" (lower-case letters, digits and inner hyphens, e.g. \"take-snapshot\")");
    }
    String reserved = reservedBecause(charmName, name);
    if (reserved != null)
      throw actions.refuse("cannot use action name \"" + name + "\": " + reserved);
    String where = "action \"" + name + "\": ";
    if (spec.isNull()) spec = JsonNodeFactory.instance.objectNode();
    if (!spec.isObject()) throw actions.refuse(where + "must be a map");

    ObjectNode schema = JsonNodeFactory.instance.objectNode();
    schema.put("description", NO_DESCRIPTION);
    schema.put("type", "object");
    schema.put("title", name);
    schema.set("properties", JsonNodeFactory.instance.objectNode());
    schema.put("additionalProperties", false);
    String description = NO_DESCRIPTION;
    boolean parallel = false;
    String executionGroup = "";
    for (var it = spec.properties().iterator(); it.hasNext(); ) {
      var field = it.next();
      String key = field.getKey();
      JsonNode value = field.getValue();
      rejectProhibitedKeys(actions, where, key, value);
      switch (key) {
        case "description", "title" -> {
          if (!value.isTextual()) throw actions.refuse(where + "\"" + key + "\" must be a string");
          schema.set(key, value);
          if (key.equals("description")) description = value.textValue();
        }
        case "required" -> {
          if (!value.isArray()) throw actions.refuse(where + "\"required\" must be a list");
          schema.set(key, value);
        }
        case "parallel" -> {
          if (!value.isBoolean())
            throw actions.refuse(where + "\"parallel\" must be true or false");
          parallel = value.booleanValue();
        }
        case "execution-group" -> {
          if (!value.isTextual())
            throw actions.refuse(where + "\"execution-group\" must be a string");
          executionGroup = value.textValue();
        }
        case "params" -> {
          if (!value.isObject())
            throw actions.refuse(where + "\"params\" must be a map of parameter names to schemas");
          schema.set("properties", value);
        }
        default -> schema.set(key, value);
      }
    }
    List<String> problems = JsonSchemas.problemsOf(schema);
    if (!problems.isEmpty()) {
      throw actions.refuse(where + "invalid params schema: " + String.join("; ", problems));
    }
    JsonNode extra = schema.get("additionalProperties");
    boolean additionalProperties = !(extra.isBoolean() && !extra.booleanValue());
    return new CharmAction(
        description, schema.toString(), additionalProperties, parallel, executionGroup);
  }

  /**
   * Juju's {@code reservedName}: "juju" and the "juju-" prefix, unless the charm is itself a juju-
   * charm.
   */
  private static String reservedBecause(String charmName, String actionName) {
    if (charmName.startsWith("juju-")) return null;
    if (actionName.equals("juju")) return "\"juju\" is a reserved name";
    if (actionName.startsWith("juju-")) return "the \"juju-\" prefix is reserved";
    return null;
  }

  private static void rejectProhibitedKeys(
      CharmSection actions, String where, String key, JsonNode value) throws CharmException {
    if (PROHIBITED_KEYS.contains(key)) {
      throw actions.refuse(where + "schema key \"" + key + "\" is not supported (as in Juju)");
    }
    if (value.isObject()) {
      for (var it = value.properties().iterator(); it.hasNext(); ) {
        var field = it.next();
        rejectProhibitedKeys(actions, where, field.getKey(), field.getValue());
      }
    } else if (value.isArray()) {
      for (JsonNode item : value) rejectProhibitedKeys(actions, where, "", item);
    }
  }
}
