package io.caasoperator.app.juju;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A {@code --config} value as Juju takes it: {@code key=value}, or else the path of a YAML file
 * (juju/juju {@code cmd/juju/common.ConfigFlag}).
 */
final class ConfigFiles {
  private ConfigFiles() {}

  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

  /** Model config: every value as text. */
  static Map<String, String> settings(JujuContext context, String value) {
    if (value.contains("=")) return ConfigValues.pairs(List.of(value));
    Map<String, String> settings = new LinkedHashMap<>();
    read(context, value).properties().forEach(e -> settings.put(e.getKey(), text(e.getValue())));
    return settings;
  }

  /**
   * An application's config from a YAML file: the settings under the application's name (Juju's
   * format, {@code APP: {key: value}}), with their YAML types.
   */
  static Map<String, Object> applicationSettings(
      JujuContext context, String file, String application) {
    JsonNode root = read(context, file);
    JsonNode settings = root.get(application);
    if (settings == null || !settings.isObject()) {
      throw new JujuFailure(
          "no settings found for " + ModelReference.quoted(application) + " in " + file);
    }
    Map<String, Object> values = new LinkedHashMap<>();
    settings
        .properties()
        .forEach(e -> values.put(e.getKey(), YAML.convertValue(e.getValue(), Object.class)));
    return values;
  }

  private static JsonNode read(JujuContext context, String file) {
    Path path = context.resolve(file);
    try {
      JsonNode root = YAML.readTree(Files.readString(path));
      if (root == null || !root.isObject()) {
        throw new JujuFailure(
            "expected a YAML mapping of settings in " + file + ", or a key=value setting");
      }
      return root;
    } catch (java.nio.file.NoSuchFileException e) {
      throw new JujuFailure(
          "cannot read config file " + ModelReference.quoted(file) + ": no such file");
    } catch (IOException e) {
      throw new JujuFailure(
          "cannot read config file " + ModelReference.quoted(file) + ": " + e.getMessage());
    }
  }

  private static String text(JsonNode value) {
    return value.isValueNode() ? value.asText() : value.toString();
  }
}
