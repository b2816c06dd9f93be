package io.caasoperator.app;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;

/**
 * {@code --format} of the commands whose output a script may parse ({@code status}, {@code exec},
 * {@code replay}, {@code validate}): text for people, one JSON or YAML document for programs. The
 * constants are the words users type, and what shell completion offers.
 */
enum OutputFormat {
  text,
  json,
  yaml;

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final ObjectMapper YAML =
      new ObjectMapper(new YAMLFactory().disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER));

  /**
   * {@code document} as this format writes it, ending with a line break; text has no generic form.
   */
  String write(JsonNode document) {
    try {
      return switch (this) {
        case json -> JSON.writerWithDefaultPrettyPrinter().writeValueAsString(document) + "\n";
        case yaml -> YAML.writeValueAsString(document);
        case text -> throw new IllegalStateException("text output is each command's own");
      };
    } catch (JsonProcessingException e) {
      // a tree that was read as JSON always writes
      throw new IllegalStateException(e);
    }
  }
}
