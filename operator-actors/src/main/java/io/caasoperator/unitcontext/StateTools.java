package io.caasoperator.unitcontext;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.caasoperator.hooktool.KeyValues;
import io.caasoperator.hooktool.OutputFormat;
import io.caasoperator.hooktool.ToolCall;
import io.caasoperator.hooktool.ToolEffect;
import io.caasoperator.hooktool.ToolFailure;
import io.caasoperator.hooktool.ToolOutcome;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code state-get}, {@code state-set} and {@code state-delete}: the unit's charm state, where the
 * ops framework keeps its stored state and deferred events ({@code state-set --file -} with a YAML
 * map on stdin, {@code state-get <key>}, {@code state-delete <key>}).
 */
public final class StateTools {

  // YAML is a superset of JSON: one reader takes both kinds of --file content.
  private static final ObjectMapper YAML = new YAMLMapper();

  private StateTools() {}

  public static ToolOutcome get(ToolCall call) {
    call.noArgumentsFrom(1);
    OutputFormat format = call.format();
    Map<String, String> state = call.ctx().charmState();
    if (call.positionals().isEmpty()) {
      return ToolOutcome.printed(format.write(state));
    }
    String key = call.positionals().get(0);
    String value = state.get(key);
    if (value == null && call.args().isSet("strict")) {
      throw ToolFailure.failed(ToolCall.quote(key) + " not found");
    }
    // Without --strict a missing key prints nothing: ops reads empty output as "no such key".
    return ToolOutcome.printed(value == null ? "" : format.write(value));
  }

  public static ToolOutcome set(ToolCall call) {
    Map<String, String> values = new LinkedHashMap<>();
    String content = KeyValues.fileContent(call);
    if (content != null) values.putAll(fromYaml(content));
    values.putAll(KeyValues.parse(call.positionals()));
    List<ToolEffect> effects = new ArrayList<>();
    values.forEach((k, v) -> effects.add(new ToolEffect.CharmStateSet(k, v)));
    return ToolOutcome.applied(effects);
  }

  /** A YAML (or JSON) map of strings; scalars are taken as their text, as Go reads them. */
  private static Map<String, String> fromYaml(String content) {
    Map<String, String> values = new LinkedHashMap<>();
    if (content.isBlank()) {
      return values;
    }
    JsonNode tree;
    try {
      tree = YAML.readTree(content);
    } catch (IOException e) {
      throw ToolFailure.failed("cannot parse state values: " + firstLine(e.getMessage()));
    }
    if (tree == null || tree.isNull() || tree.isMissingNode()) {
      return values;
    }
    if (!tree.isObject()) {
      throw ToolFailure.failed("cannot parse state values: expected a map of keys to values");
    }
    for (Iterator<Map.Entry<String, JsonNode>> it = tree.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> field = it.next();
      if (!field.getValue().isValueNode()) {
        throw ToolFailure.failed(
            "cannot parse state values: value of "
                + ToolCall.quote(field.getKey())
                + " is not a string");
      }
      values.put(field.getKey(), field.getValue().isNull() ? "" : field.getValue().asText());
    }
    return values;
  }

  private static String firstLine(String message) {
    if (message == null) {
      return "invalid YAML";
    }
    int newline = message.indexOf('\n');
    return newline < 0 ? message : message.substring(0, newline);
  }

  public static ToolOutcome delete(ToolCall call) {
    String key = call.first("key");
    call.noArgumentsFrom(1);
    return ToolOutcome.applied(List.of(new ToolEffect.CharmStateDeleted(key)));
  }
}
