package io.caasoperator.charm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Checks the parameters of an action request against the action's JSON Schema and fills in the
 * defaults it declares, as Juju does when an action is enqueued ({@code state/unit.go}, {@code
 * PrepareActionPayload}): the parameters as given are validated first, so a required parameter must
 * be given even when it has a default, then defaults are inserted where a parameter is missing,
 * inside nested objects too ({@code juju/gojsonschema}'s {@code InsertDefaults}). Pure: the same
 * spec and parameters always give the same answer.
 */
public final class ActionParameters {
  private static final ObjectMapper JSON = new ObjectMapper();

  private ActionParameters() {}

  /** What a request's parameters come to. */
  public sealed interface Outcome permits Valid, Invalid {}

  /**
   * @param params the parameters as given, plus the defaults of those not given (JSON values:
   *     String, Integer/Long/Double, Boolean, List, Map, null); unmodifiable
   */
  public record Valid(Map<String, Object> params) implements Outcome {}

  /**
   * @param problems one line each, naming the parameter, e.g. {@code parameter "file": integer
   *     found, string expected}
   */
  public record Invalid(List<String> problems) implements Outcome {
    public Invalid {
      problems = List.copyOf(problems);
    }
  }

  /**
   * @param given the request's parameters as JSON values (null reads as none); a value of another
   *     type is a problem, not an exception
   */
  public static Outcome validate(ActionSpec spec, Map<String, ?> given) {
    List<String> problems = new ArrayList<>();
    ObjectNode params = JsonNodeFactory.instance.objectNode();
    if (given != null) {
      for (var entry : given.entrySet()) {
        if (entry.getKey() == null) {
          problems.add("a parameter has no name");
          continue;
        }
        JsonNode value = toJson(entry.getKey(), entry.getValue(), problems);
        if (value != null) params.set(entry.getKey(), value);
      }
    }
    if (!problems.isEmpty()) return new Invalid(problems);
    problems.addAll(JsonSchemas.violations(spec.schema(), params));
    if (!problems.isEmpty()) return new Invalid(problems);
    insertDefaults(params, spec.schema().path("properties"));
    @SuppressWarnings("unchecked")
    Map<String, Object> filled = JSON.convertValue(params, LinkedHashMap.class);
    return new Valid(Collections.unmodifiableMap(filled));
  }

  /** Only JSON's own kinds of values: anything else would be turned into JSON by guesswork. */
  private static JsonNode toJson(String path, Object value, List<String> problems) {
    if (value == null
        || value instanceof String
        || value instanceof Boolean
        || value instanceof Number) {
      return JSON.valueToTree(value);
    }
    if (value instanceof List<?> list) {
      var array = JsonNodeFactory.instance.arrayNode();
      for (int i = 0; i < list.size(); i++) {
        JsonNode item = toJson(path + "." + i, list.get(i), problems);
        if (item != null) array.add(item);
      }
      return array;
    }
    if (value instanceof Map<?, ?> map) {
      ObjectNode object = JsonNodeFactory.instance.objectNode();
      for (var entry : map.entrySet()) {
        if (!(entry.getKey() instanceof String key)) {
          problems.add("parameter \"" + path + "\": keys must be strings, not " + entry.getKey());
          continue;
        }
        JsonNode item = toJson(path + "." + key, entry.getValue(), problems);
        if (item != null) object.set(key, item);
      }
      return object;
    }
    problems.add(
        "parameter \""
            + path
            + "\": "
            + value.getClass().getSimpleName()
            + " is not a JSON value (string, number, boolean, list, map or null)");
    return null;
  }

  /**
   * Juju's {@code InsertDefaults}: a missing property takes its schema's {@code default}; a missing
   * object property without one is built from its own properties' defaults (and left out when none
   * has one); a given object is completed the same way, one level down.
   */
  private static void insertDefaults(ObjectNode into, JsonNode properties) {
    if (!properties.isObject()) return;
    for (var it = properties.properties().iterator(); it.hasNext(); ) {
      var property = it.next();
      String name = property.getKey();
      JsonNode schema = property.getValue();
      JsonNode given = into.get(name);
      if (given != null) {
        if (given.isObject()) insertDefaults((ObjectNode) given, schema.path("properties"));
      } else if (schema.has("default")) {
        into.set(name, schema.get("default").deepCopy());
      } else if (schema.path("properties").isObject()) {
        ObjectNode nested = JsonNodeFactory.instance.objectNode();
        insertDefaults(nested, schema.get("properties"));
        if (!nested.isEmpty()) into.set(name, nested);
      }
    }
  }
}
