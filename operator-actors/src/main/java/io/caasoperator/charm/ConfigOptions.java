package io.caasoperator.charm;

import com.fasterxml.jackson.databind.JsonNode;
import io.caasoperator.domain.ConfigOption;
import java.util.HashMap;
import java.util.Map;

/**
 * The options a charm declares: {@code options:} of {@code config.yaml}, or of {@code
 * charmcraft.yaml}'s {@code config:} (the same shape; charmcraft writes it out as the packed
 * charm's {@code config.yaml}).
 */
final class ConfigOptions {
  private ConfigOptions() {}

  static Map<String, ConfigOption> read(CharmSection config) throws CharmException {
    if (config.isAbsent()) return Map.of();
    config.requireMap();
    Map<String, ConfigOption> result = new HashMap<>();
    for (var it = config.entries("options"); it.hasNext(); ) {
      var field = it.next();
      result.put(field.getKey(), option(config, field.getKey(), field.getValue()));
    }
    return result;
  }

  private static ConfigOption option(CharmSection config, String name, JsonNode node)
      throws CharmException {
    String where = "option \"" + name + "\": ";
    if (node.isNull()) return new ConfigOption(ConfigOption.Type.STRING, null, "");
    if (!node.isObject()) throw config.refuse(where + "must be a map");
    ConfigOption.Type type;
    JsonNode typeNode = node.get("type");
    try {
      // A missing type means string, as in Juju (it was valid in the Python charm tools).
      type =
          typeNode == null || typeNode.isNull()
              ? ConfigOption.Type.STRING
              : ConfigOption.Type.parse(typeNode.asText());
    } catch (IllegalArgumentException e) {
      throw config.refuse(where + e.getMessage());
    }
    JsonNode description = node.get("description");
    String text = description == null || description.isNull() ? "" : description.asText();
    return new ConfigOption(type, defaultValue(config, where, type, node.get("default")), text);
  }

  private static Object defaultValue(
      CharmSection config, String where, ConfigOption.Type type, JsonNode node)
      throws CharmException {
    if (node == null || node.isNull()) return null;
    Object value =
        switch (type) {
          case STRING -> node.isTextual() ? node.textValue() : null;
          // Integer when it fits, as Jackson reads it back from the journal, so values compare
          // equal.
          case INT ->
              node.isInt()
                  ? (Object) node.intValue()
                  : node.isLong() ? (Object) node.longValue() : null;
          case FLOAT -> node.isNumber() ? (Object) node.doubleValue() : null;
          case BOOLEAN -> node.isBoolean() ? (Object) node.booleanValue() : null;
        };
    if (value == null) {
      String written = node.isTextual() ? "\"" + node.textValue() + "\"" : node.toString();
      throw config.refuse(
          where + "default " + written + " is not " + OptionValue.withArticle(type));
    }
    return value;
  }
}
