package io.caasoperator.app.juju;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import java.util.List;

/**
 * Juju's machine-readable output: {@code --format json} is one line of JSON (Go's {@code
 * json.Marshal}), {@code --format yaml} a YAML document without its start marker.
 */
final class Output {
  private Output() {}

  static final ObjectMapper JSON = new ObjectMapper();

  static final ObjectMapper YAML =
      new ObjectMapper(
          YAMLFactory.builder()
              .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
              .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
              .build());

  /**
   * The value of {@code --format}, checked against the formats the command has.
   *
   * @throws JujuFailure as Juju words it, a usage error
   */
  static String format(String given, List<String> allowed) {
    String format = given.toLowerCase(java.util.Locale.ROOT);
    if (!allowed.contains(format)) {
      throw JujuFailure.usage(
          "invalid value "
              + ModelReference.quoted(given)
              + " for option --format: unknown format "
              + ModelReference.quoted(given));
    }
    return format;
  }

  /** {@code value} in {@code format} ({@code json} or {@code yaml}), ending with a newline. */
  static String render(JsonNode value, String format) {
    try {
      return switch (format) {
        case "json" -> JSON.writeValueAsString(value) + "\n";
        case "yaml" -> YAML.writeValueAsString(value);
        default -> throw new IllegalArgumentException("not a data format: " + format);
      };
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a tree of plain values always renders", e);
    }
  }
}
