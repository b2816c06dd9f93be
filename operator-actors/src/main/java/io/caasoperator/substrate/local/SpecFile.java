package io.caasoperator.substrate.local;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.caasoperator.domain.ApplicationName;
import io.caasoperator.domain.DurationText;
import io.caasoperator.domain.CharmRef;
import io.caasoperator.substrate.Specification;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The local substrate's application specification, a YAML file such as:
 *
 * <pre>
 * application: hello
 * charm: ../charms/hello        # path (relative to this file), file: or http(s): URL
 * sha256: 9f86d0...             # optional, 64 hex digits
 * modified-version: 0           # optional, bump to redeploy the same url
 * force-upgrade: false          # optional
 * scale: 1                      # optional, number of units
 * config: {greeting: hi}        # optional, option name to string/int/float/boolean
 * update-status-interval: 5m    # optional: 500ms, 30s, 5m, 1h, 1h30m
 * </pre>
 *
 * Every problem is collected before failing, so one error message lists them all; unknown keys
 * are errors because a misspelt optional key would otherwise be silently ignored.
 */
public final class SpecFile {

  static final String APPLICATION = "application";
  static final String CHARM = "charm";
  static final String SHA256 = "sha256";
  static final String MODIFIED_VERSION = "modified-version";
  static final String FORCE_UPGRADE = "force-upgrade";
  static final String SCALE = "scale";
  static final String CONFIG = "config";
  static final String UPDATE_STATUS_INTERVAL = "update-status-interval";

  private static final Set<String> KEYS =
      Set.of(APPLICATION, CHARM, SHA256, MODIFIED_VERSION, FORCE_UPGRADE, SCALE, CONFIG,
          UPDATE_STATUS_INTERVAL);
  private static final Pattern HEX_64 = Pattern.compile("[0-9a-fA-F]{64}");
  private static final Pattern URL_SCHEME = Pattern.compile("^[a-zA-Z][a-zA-Z0-9+.-]*:.*");

  private static final ObjectMapper YAML =
      new ObjectMapper(new YAMLFactory().enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION))
          .enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY);

  private SpecFile() {}

  /** Reads and checks {@code file}; a missing or unreadable file is an invalid spec too. */
  public static LocalSpec read(Path file) throws InvalidSpecException {
    byte[] content;
    try {
      content = Files.readAllBytes(file);
    } catch (NoSuchFileException e) {
      throw new InvalidSpecException("spec " + file + ": file does not exist");
    } catch (IOException e) {
      throw new InvalidSpecException("spec " + file + ": cannot read: " + e.getMessage());
    }
    return parse(file, content);
  }

  /**
   * Checks {@code content}, read from {@code file}; the file's directory anchors a relative
   * charm path, so the same spec works whatever the operator's working directory.
   */
  public static LocalSpec parse(Path file, byte[] content) throws InvalidSpecException {
    JsonNode root;
    try {
      root = YAML.readTree(content);
    } catch (JsonProcessingException e) {
      throw new InvalidSpecException("spec " + file + ": " + describe(e));
    } catch (IOException e) {
      throw new InvalidSpecException("spec " + file + ": cannot parse: " + e.getMessage());
    }
    if (root == null || root.isMissingNode() || root.isNull()) {
      throw new InvalidSpecException(
          "spec " + file + ": the file is empty; expected at least \"application\" and \"charm\"");
    }
    if (!root.isObject()) {
      throw new InvalidSpecException(
          "spec " + file + ": expected a mapping of keys to values, got " + kind(root));
    }
    List<String> problems = new ArrayList<>();
    Fields fields = new Fields(root, problems);

    String application = fields.text(APPLICATION, true);
    if (application != null && !ApplicationName.isValid(application)) {
      problems.add(quote(APPLICATION) + ": \"" + application + "\" is not a valid application"
          + " name (lower-case letters, digits and single hyphens, starting with a letter)");
      application = null;
    }
    String charm = fields.text(CHARM, true);
    String sha256 = fields.text(SHA256, false);
    if (sha256 != null && !HEX_64.matcher(sha256).matches()) {
      problems.add(quote(SHA256) + ": expected 64 hexadecimal digits, got \"" + sha256 + "\"");
    }
    long modifiedVersion = fields.wholeNumber(MODIFIED_VERSION, 0, Long.MAX_VALUE);
    boolean forceUpgrade = fields.bool(FORCE_UPGRADE, false);
    long scale = fields.wholeNumber(SCALE, 1, Integer.MAX_VALUE);
    Map<String, Object> config = fields.config(CONFIG);
    Duration interval = fields.duration(UPDATE_STATUS_INTERVAL);
    root.fieldNames().forEachRemaining(key -> {
      if (!KEYS.contains(key)) problems.add("unknown key " + quote(key));
    });

    if (!problems.isEmpty()) {
      throw new InvalidSpecException("spec " + file + ": " + String.join("; ", problems));
    }
    CharmRef ref = new CharmRef(resolve(file, charm), sha256, modifiedVersion, forceUpgrade);
    Specification specification =
        new Specification(new ApplicationName(application), ref, config, interval);
    return new LocalSpec(specification, (int) scale);
  }

  /** URLs stay as written; a path becomes absolute, relative to the spec file's directory. */
  static String resolve(Path file, String charm) {
    if (URL_SCHEME.matcher(charm).matches()) return charm;
    Path path = Path.of(charm);
    if (path.isAbsolute()) return path.normalize().toString();
    Path directory = file.toAbsolutePath().getParent();
    return directory.resolve(path).normalize().toString();
  }

  /** The parser's own words with where it stopped, e.g. {@code line 3, column 7: ...}. */
  private static String describe(JsonProcessingException e) {
    String message = e.getOriginalMessage() == null ? e.toString() : e.getOriginalMessage();
    // SnakeYAML adds indented "in 'reader', line ..." and source-snippet lines: the location
    // below says the same in one line, so keep only the unindented sentences.
    String sentences = message.lines()
        .filter(line -> !line.isBlank() && !Character.isWhitespace(line.charAt(0)))
        .map(String::strip)
        .collect(java.util.stream.Collectors.joining(", "));
    if (!sentences.isEmpty()) message = sentences;
    JsonLocation location = e.getLocation();
    if (location == null || location.getLineNr() < 1) return "invalid YAML: " + message;
    return "invalid YAML at line " + location.getLineNr() + ", column " + location.getColumnNr()
        + ": " + message;
  }

  static String quote(String key) {
    return "\"" + key + "\"";
  }

  static String kind(JsonNode node) {
    if (node.isObject()) return "a mapping";
    if (node.isArray()) return "a list";
    if (node.isTextual()) return "the string \"" + node.asText() + "\"";
    if (node.isNull()) return "nothing";
    return node.toString();
  }

  /** Typed access to the top-level keys; each problem is added to the shared list. */
  private record Fields(JsonNode root, List<String> problems) {

    /** A null value (a key with nothing after it) counts as absent for optional keys. */
    private JsonNode value(String key) {
      JsonNode node = root.get(key);
      return node == null || node.isNull() ? null : node;
    }

    String text(String key, boolean required) {
      JsonNode node = value(key);
      if (node == null) {
        if (required) problems.add(quote(key) + ": is required");
        return null;
      }
      if (!node.isTextual() || node.asText().isBlank()) {
        problems.add(quote(key) + ": expected a non-empty string, got " + kind(node));
        return null;
      }
      return node.asText().strip();
    }

    long wholeNumber(String key, long defaultValue, long max) {
      JsonNode node = value(key);
      if (node == null) return defaultValue;
      if (!node.isIntegralNumber() || !node.canConvertToLong()) {
        problems.add(quote(key) + ": expected a whole number, got " + kind(node));
        return defaultValue;
      }
      long value = node.longValue();
      if (value < 0) {
        problems.add(quote(key) + ": must be >= 0, got " + value);
        return defaultValue;
      }
      if (value > max) {
        problems.add(quote(key) + ": must be <= " + max + ", got " + value);
        return defaultValue;
      }
      return value;
    }

    boolean bool(String key, boolean defaultValue) {
      JsonNode node = value(key);
      if (node == null) return defaultValue;
      if (!node.isBoolean()) {
        problems.add(quote(key) + ": expected true or false, got " + kind(node));
        return defaultValue;
      }
      return node.booleanValue();
    }

    Duration duration(String key) {
      JsonNode node = value(key);
      if (node == null) return Specification.DEFAULT_UPDATE_STATUS_INTERVAL;
      Optional<Duration> parsed =
          node.isTextual() ? DurationText.parse(node.asText().strip()) : Optional.empty();
      if (parsed.isEmpty() || parsed.get().isZero()) {
        problems.add(quote(key) + ": expected a positive duration such as 500ms, 30s, 5m or 1h, got "
            + kind(node));
        return Specification.DEFAULT_UPDATE_STATUS_INTERVAL;
      }
      return parsed.get();
    }

    Map<String, Object> config(String key) {
      JsonNode node = value(key);
      if (node == null) return Map.of();
      if (!node.isObject()) {
        problems.add(quote(key) + ": expected a mapping of option names to values, got "
            + kind(node));
        return Map.of();
      }
      Map<String, Object> config = new LinkedHashMap<>();
      node.properties().forEach(entry -> {
        String where = quote(key + "." + entry.getKey());
        JsonNode value = entry.getValue();
        if (value.isNull()) {
          problems.add(where + ": has no value (remove the key to use the charm's default)");
        } else if (value.isTextual()) {
          config.put(entry.getKey(), value.asText());
        } else if (value.isBoolean()) {
          config.put(entry.getKey(), value.booleanValue());
        } else if (value.isInt()) {
          config.put(entry.getKey(), value.intValue());
        } else if (value.isLong()) {
          config.put(entry.getKey(), value.longValue());
        } else if (value.isFloatingPointNumber()) {
          config.put(entry.getKey(), value.doubleValue());
        } else if (value.isIntegralNumber()) {
          problems.add(where + ": " + value + " is out of range for a whole number");
        } else if (value.isContainerNode()) {
          problems.add(where + ": nested maps and lists are not supported; expected a string,"
              + " number or boolean");
        } else {
          problems.add(where + ": expected a string, number or boolean, got " + kind(value));
        }
      });
      return config;
    }
  }
}
