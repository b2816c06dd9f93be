package io.caasoperator.charm;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.nio.file.Path;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;

/**
 * Reads and writes a charm's YAML files. A problem is reported with the file's name and the
 * parser's words on one line, so a charm author can fix it without reading our code.
 */
final class CharmYaml {
  // Duplicate keys would silently keep the last value; a charm author wants to hear about them.
  private static final YAMLMapper YAML =
      YAMLMapper.builder()
          .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
          .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
          .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
          .build();

  private CharmYaml() {}

  /** The file's content; a missing node when the file is empty. */
  static JsonNode read(String charm, Path file) throws CharmException {
    String fileName = file.getFileName().toString();
    try {
      JsonNode node = YAML.readTree(file.toFile());
      return node == null ? YAML.missingNode() : node;
    } catch (JsonProcessingException e) {
      throw new CharmException(charm, fileName + ": " + parserMessage(e), false, e);
    } catch (IOException e) {
      throw new CharmException(charm, fileName + ": " + IoProblems.describe(e), true, e);
    }
  }

  static void write(Path file, JsonNode content) throws IOException {
    YAML.writeValue(file.toFile(), content);
  }

  /**
   * The parser's own words on one line with where it stopped, e.g. {@code while parsing a flow
   * sequence: expected ',' or ']', but got : (line 3, column 6)}. SnakeYAML's full message also
   * repeats the offending source line with a caret, which is noise in a one-line status.
   */
  private static String parserMessage(JsonProcessingException e) {
    if (e.getCause() instanceof MarkedYAMLException yaml && yaml.getProblem() != null) {
      String context = yaml.getContext() == null ? "" : yaml.getContext() + ": ";
      Mark mark = yaml.getProblemMark() != null ? yaml.getProblemMark() : yaml.getContextMark();
      String where =
          mark == null
              ? ""
              : " (line " + (mark.getLine() + 1) + ", column " + (mark.getColumn() + 1) + ")";
      return context + yaml.getProblem() + where;
    }
    String message = String.valueOf(e.getOriginalMessage()).strip().replaceAll("\\s*\\n\\s*", " ");
    JsonLocation where = e.getLocation();
    if (where != null && where.getLineNr() > 0) {
      message += " (line " + where.getLineNr() + ", column " + where.getColumnNr() + ")";
    }
    return message;
  }
}
