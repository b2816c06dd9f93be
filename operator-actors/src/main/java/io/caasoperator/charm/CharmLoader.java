package io.caasoperator.charm;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.caasoperator.domain.CharmInfo;
import io.caasoperator.domain.CharmRef;
import io.caasoperator.domain.ConfigOption;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;

/**
 * Reads an unpacked charm directory into a {@link CharmInfo}: {@code metadata.yaml} (name,
 * containers), {@code config.yaml} (typed options) and which hooks it can run. Every problem is
 * reported with the file it is in, so a charm author can fix it without reading our code.
 */
final class CharmLoader {
  // Duplicate keys would silently keep the last value; a charm author wants to hear about them.
  private final YAMLMapper yaml = YAMLMapper.builder()
      .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
      .build();

  /** Loads the charm in dir; the result has generation 0, the given ref and content digest. */
  CharmInfo load(String charm, Path dir, CharmRef ref, String sha256) throws CharmException {
    Path metadataFile = dir.resolve("metadata.yaml");
    if (!Files.isRegularFile(metadataFile)) {
      throw new CharmException(charm, "not a charm: no metadata.yaml", false);
    }
    JsonNode metadata = read(charm, metadataFile);
    String name = name(charm, metadata);
    List<String> containers = containers(charm, metadata);

    Map<String, ConfigOption> options = Map.of();
    Path configFile = dir.resolve("config.yaml");
    if (Files.isRegularFile(configFile)) options = options(charm, read(charm, configFile));

    try {
      Set<String> hooks = hooks(dir.resolve("hooks"));
      boolean dispatch = isExecutableFile(dir.resolve("dispatch"));
      return new CharmInfo(0, name, ref, sha256, containers, hooks, dispatch, options);
    } catch (IOException e) {
      throw new CharmException(charm, "cannot read hooks: " + IoProblems.describe(e), true, e);
    }
  }

  private JsonNode read(String charm, Path file) throws CharmException {
    String fileName = file.getFileName().toString();
    try {
      JsonNode node = yaml.readTree(file.toFile());
      return node == null ? yaml.missingNode() : node;
    } catch (JsonProcessingException e) {
      throw new CharmException(charm, fileName + ": " + parserMessage(e), false, e);
    } catch (IOException e) {
      throw new CharmException(charm, fileName + ": " + IoProblems.describe(e), true, e);
    }
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
      String where = mark == null ? "" : " (line " + (mark.getLine() + 1) + ", column " + (mark.getColumn() + 1) + ")";
      return context + yaml.getProblem() + where;
    }
    String message = String.valueOf(e.getOriginalMessage()).strip().replaceAll("\\s*\\n\\s*", " ");
    JsonLocation where = e.getLocation();
    if (where != null && where.getLineNr() > 0) {
      message += " (line " + where.getLineNr() + ", column " + where.getColumnNr() + ")";
    }
    return message;
  }

  private static String name(String charm, JsonNode metadata) throws CharmException {
    requireMap(charm, "metadata.yaml", metadata);
    JsonNode name = metadata.get("name");
    if (name == null || name.isNull()) {
      throw new CharmException(charm, "metadata.yaml: missing field \"name\"", false);
    }
    if (!name.isTextual() || name.asText().isBlank()) {
      throw new CharmException(charm, "metadata.yaml: field \"name\" must be a non-empty string", false);
    }
    return name.asText();
  }

  /** Container names in file order: the operator starts pebble-ready hooks in that order. */
  private static List<String> containers(String charm, JsonNode metadata) throws CharmException {
    JsonNode containers = metadata.get("containers");
    if (containers == null || containers.isNull()) return List.of();
    if (!containers.isObject()) {
      throw new CharmException(charm, "metadata.yaml: field \"containers\" must be a map", false);
    }
    List<String> names = new ArrayList<>();
    containers.fieldNames().forEachRemaining(names::add);
    return names;
  }

  private static Map<String, ConfigOption> options(String charm, JsonNode config) throws CharmException {
    if (config.isMissingNode() || config.isNull()) return Map.of();
    requireMap(charm, "config.yaml", config);
    JsonNode options = config.get("options");
    if (options == null || options.isNull()) return Map.of();
    if (!options.isObject()) {
      throw new CharmException(charm, "config.yaml: field \"options\" must be a map", false);
    }
    Map<String, ConfigOption> result = new HashMap<>();
    for (var field : options.properties()) {
      result.put(field.getKey(), option(charm, field.getKey(), field.getValue()));
    }
    return result;
  }

  private static ConfigOption option(String charm, String name, JsonNode node) throws CharmException {
    String where = "config.yaml: option \"" + name + "\": ";
    if (node.isNull()) return new ConfigOption(ConfigOption.Type.STRING, null, "");
    if (!node.isObject()) throw new CharmException(charm, where + "must be a map", false);
    ConfigOption.Type type;
    JsonNode typeNode = node.get("type");
    try {
      // A missing type means string, as in Juju (it was valid in the Python charm tools).
      type = typeNode == null || typeNode.isNull() ? ConfigOption.Type.STRING : ConfigOption.Type.parse(typeNode.asText());
    } catch (IllegalArgumentException e) {
      throw new CharmException(charm, where + e.getMessage(), false);
    }
    JsonNode description = node.get("description");
    String text = description == null || description.isNull() ? "" : description.asText();
    return new ConfigOption(type, defaultValue(charm, where, type, node.get("default")), text);
  }

  private static Object defaultValue(String charm, String where, ConfigOption.Type type, JsonNode node)
      throws CharmException {
    if (node == null || node.isNull()) return null;
    Object value = switch (type) {
      case STRING -> node.isTextual() ? node.textValue() : null;
      // Integer when it fits, as Jackson reads it back from the journal, so values compare equal.
      case INT -> node.isInt() ? (Object) node.intValue() : node.isLong() ? (Object) node.longValue() : null;
      case FLOAT -> node.isNumber() ? (Object) node.doubleValue() : null;
      case BOOLEAN -> node.isBoolean() ? (Object) node.booleanValue() : null;
    };
    if (value == null) {
      String written = node.isTextual() ? "\"" + node.textValue() + "\"" : node.toString();
      throw new CharmException(charm, where + "default " + written + " is not " + OptionValue.withArticle(type), false);
    }
    return value;
  }

  private static void requireMap(String charm, String file, JsonNode node) throws CharmException {
    if (node.isMissingNode() || node.isNull()) return;
    if (!node.isObject()) throw new CharmException(charm, file + ": expected a map at the top level", false);
  }

  /** Executable regular files directly under hooks/; anything else there is simply not a hook. */
  private static Set<String> hooks(Path hooksDir) throws IOException {
    Set<String> hooks = new HashSet<>();
    if (!Files.isDirectory(hooksDir, LinkOption.NOFOLLOW_LINKS)) return hooks;
    try (Stream<Path> entries = Files.list(hooksDir)) {
      for (Path entry : (Iterable<Path>) entries::iterator) {
        if (isExecutableFile(entry)) hooks.add(entry.getFileName().toString());
      }
    }
    return hooks;
  }

  /** Follows symlinks: ops charms link {@code hooks/install -> ../src/charm.py}. */
  private static boolean isExecutableFile(Path path) throws IOException {
    return Files.isRegularFile(path) && FileModes.isExecutable(path);
  }
}
