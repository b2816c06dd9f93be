package io.caasoperator.hooktool;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Juju's keyvalues.Parse for {@code key=value} arguments (empty values allowed, no repeats), and
 * the YAML map of a {@code --file}.
 */
public final class KeyValues {

  private static final YAMLMapper YAML = new YAMLMapper();

  private KeyValues() {}

  public static Map<String, String> parse(List<String> args) {
    Map<String, String> result = new LinkedHashMap<>();
    for (String arg : args) {
      int eq = arg.indexOf('=');
      if (eq <= 0) {
        throw ToolFailure.usage("expected \"key=value\", got " + ToolCall.quote(arg));
      }
      String key = arg.substring(0, eq);
      if (result.containsKey(key)) {
        throw ToolFailure.usage("key " + ToolCall.quote(key) + " specified more than once");
      }
      result.put(key, arg.substring(eq + 1));
    }
    return result;
  }

  /** The YAML map of {@code --file}, when given (see {@link #fileContent}); empty without it. */
  public static Map<String, String> file(ToolCall call) {
    String content = fileContent(call);
    return content == null ? new LinkedHashMap<>() : yaml(content);
  }

  /**
   * The content of {@code --file}, null without the flag: the shim replaces {@code --file PATH} by
   * {@code --file -} and sends the file as standard input (the operator cannot read the hook's file
   * system), as for {@code relation-set}, {@code state-set} and {@code secret-add}.
   */
  public static String fileContent(ToolCall call) {
    String file = call.args().values().get("file");
    if (file == null) return null;
    if (!file.equals("-")) {
      throw ToolFailure.failed(
          "cannot read "
              + ToolCall.quote(file)
              + ": send the file's content as standard input with --file -");
    }
    return call.stdin();
  }

  /** A YAML map of settings, as Juju's goyaml reads it into strings. */
  private static Map<String, String> yaml(String text) {
    Map<String, String> settings = new LinkedHashMap<>();
    if (text.isBlank()) {
      return settings;
    }
    JsonNode node;
    try {
      node = YAML.readTree(text);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw ToolFailure.failed("yaml: " + e.getOriginalMessage());
    }
    // a document of only comments has no node at all: goyaml reads it as an empty map
    if (node == null || node.isNull() || node.isMissingNode()) {
      return settings;
    }
    if (!node.isObject()) {
      throw ToolFailure.failed(
          "yaml: unmarshal errors: cannot unmarshal "
              + node.getNodeType().name().toLowerCase()
              + " into map[string]string");
    }
    node.properties()
        .forEach(
            e -> {
              JsonNode v = e.getValue();
              if (v.isContainerNode()) {
                throw ToolFailure.failed(
                    "yaml: unmarshal errors: cannot unmarshal a "
                        + (v.isArray() ? "sequence" : "map")
                        + " into string (key "
                        + ToolCall.quote(e.getKey())
                        + ")");
              }
              settings.put(e.getKey(), v.isNull() ? "" : v.asText());
            });
    return settings;
  }
}
