package io.caasoperator.hooktool;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Juju's {@code --format} values and how each prints a value (juju/cmd's formatters), so output
 * parsed by charms today parses the same:
 *
 * <ul>
 *   <li>{@code smart}: nothing for null or an empty string/list; a string as is; a list of strings
 *       one per line; a boolean as {@code True}/{@code False} (pyjuju's spelling); anything else as
 *       YAML. Always ends with one newline when not empty.
 *   <li>{@code yaml}: YAML with sorted keys, no document marker, one trailing newline; nothing for
 *       null.
 *   <li>{@code json}: compact JSON with sorted keys, one trailing newline ({@code null} for null).
 * </ul>
 *
 * Maps print with sorted keys, as Go prints a map; a {@link Struct} prints its fields in the order
 * given, as Go prints a struct (in declaration order). Known difference: Go escapes {@code <>&} in
 * JSON strings as {@code \u003c...}; any JSON parser reads both the same.
 */
public enum OutputFormat {
  SMART,
  YAML,
  JSON;

  /**
   * A Go struct's fields, in declaration order, each under the name its {@code json} or {@code
   * yaml} tag gives (a tool builds the one for the format it prints).
   */
  public record Struct(Map<String, Object> fields) {
    public Struct {
      fields = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(fields));
    }
  }

  // Configured once here and never changed: safe to share between calls. Maps are sorted by
  // sorted() below, into TreeMaps, so the mappers keep the order they are given (a Struct's).
  private static final ObjectMapper JSON_MAPPER = JsonMapper.builder().build();
  private static final ObjectMapper YAML_MAPPER =
      new YAMLMapper(
          YAMLFactory.builder()
              .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
              .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
              // "123" stays a string when read back, as Go's yaml quotes it.
              .enable(YAMLGenerator.Feature.ALWAYS_QUOTE_NUMBERS_AS_STRINGS)
              .enable(YAMLGenerator.Feature.LITERAL_BLOCK_STYLE)
              .build());

  /**
   * The value of a {@code --format} flag; an unknown one is a usage error worded as gnuflag's.
   *
   * @param allowed the formats this tool offers (goal-state has no smart)
   */
  static OutputFormat parse(String value, List<OutputFormat> allowed) {
    for (OutputFormat format : allowed) {
      if (format.name().toLowerCase(Locale.ROOT).equals(value)) {
        return format;
      }
    }
    throw ToolFailure.usage(
        "invalid value \"" + value + "\" for flag --format: unknown format \"" + value + "\"");
  }

  public String write(Object value) {
    Object sorted = sorted(value);
    return switch (this) {
      case JSON -> json(sorted) + "\n";
      case YAML -> yaml(sorted);
      case SMART -> smart(sorted);
    };
  }

  private static String smart(Object value) {
    if (value == null) {
      return "";
    }
    String text;
    if (value instanceof String s) {
      text = s;
    } else if (value instanceof Boolean b) {
      text = b ? "True" : "False";
    } else if (value instanceof List<?> list && list.stream().allMatch(String.class::isInstance)) {
      text = String.join("\n", list.stream().map(String.class::cast).toList());
    } else {
      return yaml(value);
    }
    return text.isEmpty() ? "" : text + "\n";
  }

  private static String yaml(Object value) {
    if (value == null) {
      return "";
    }
    try {
      String text = YAML_MAPPER.writeValueAsString(value).stripTrailing();
      return text.isEmpty() ? "" : text + "\n";
    } catch (JsonProcessingException e) {
      // Values here are maps, lists, strings, numbers and booleans only.
      throw new IllegalStateException("cannot write YAML", e);
    }
  }

  private static String json(Object value) {
    try {
      return JSON_MAPPER.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write JSON", e);
    }
  }

  /**
   * Go sorts map keys in both JSON and YAML; nested maps are copied into sorted ones because
   * ORDER_MAP_ENTRIES_BY_KEYS is skipped for maps that hold null values.
   */
  private static Object sorted(Object value) {
    if (value instanceof Struct struct) {
      Map<String, Object> copy = new java.util.LinkedHashMap<>();
      struct.fields().forEach((k, v) -> copy.put(k, sorted(v)));
      return copy;
    }
    if (value instanceof Map<?, ?> map) {
      Map<String, Object> copy = new TreeMap<>();
      map.forEach((k, v) -> copy.put(String.valueOf(k), sorted(v)));
      return copy;
    }
    if (value instanceof List<?> list) {
      List<Object> copy = new ArrayList<>(list.size());
      list.forEach(v -> copy.add(sorted(v)));
      return copy;
    }
    return value;
  }
}
