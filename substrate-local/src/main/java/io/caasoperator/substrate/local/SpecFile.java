package io.caasoperator.substrate.local;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.util.JsonParserDelegate;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import io.caasoperator.domain.ApplicationName;
import io.caasoperator.domain.CharmRef;
import io.caasoperator.domain.DurationText;
import io.caasoperator.substrate.Specification;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.regex.Pattern;
import org.yaml.snakeyaml.LoaderOptions;

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
 * resources: {software: ./software.zip}   # optional: file resources, name to path (relative to this file)
 * </pre>
 *
 * Every problem is collected before failing, so one error message lists them all; unknown keys are
 * errors because a misspelt optional key would otherwise be silently ignored.
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
  static final String RESOURCES = "resources";

  private static final Set<String> KEYS =
      Set.of(
          APPLICATION,
          CHARM,
          SHA256,
          MODIFIED_VERSION,
          FORCE_UPGRADE,
          SCALE,
          CONFIG,
          UPDATE_STATUS_INTERVAL,
          RESOURCES);
  private static final Pattern HEX_64 = Pattern.compile("[0-9a-fA-F]{64}");
  private static final Pattern URL_SCHEME = Pattern.compile("^[a-zA-Z][a-zA-Z0-9+.-]*:.*");

  /**
   * The most a specification file may hold. A real one is a few hundred bytes; a larger file is a
   * mistake (a log, an image, a value pasted a thousand times) and is refused before it is read:
   * parsing a long YAML value takes seconds per MiB and its tree takes memory.
   */
  public static final long MAX_BYTES = 1024 * 1024;

  /**
   * How deep a specification nests: the deepest real one is {@code config: {option: value}}. Deeper
   * documents are refused by the parser before a tree is built.
   */
  private static final int MAX_NESTING = 8;

  // rebuild() rather than builder(): a fresh builder drops the parser's default features (an
  // empty value would read as "" instead of null).
  private static final ObjectMapper YAML =
      new ObjectMapper(
              new YAMLFactory()
                  .rebuild()
                  .loaderOptions(loaderOptions())
                  .streamReadConstraints(
                      StreamReadConstraints.builder().maxNestingDepth(MAX_NESTING).build())
                  .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                  .build())
          .enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY);

  private SpecFile() {}

  /**
   * SnakeYAML's own limits, set to what a specification can be (its defaults allow 3 MB), for
   * content that reaches {@link #parse} without the file checks. Its alias limits would not help:
   * Jackson reads events and never composes, so aliases are refused by {@link AliasRefusingParser}
   * instead.
   */
  private static LoaderOptions loaderOptions() {
    LoaderOptions options = new LoaderOptions();
    options.setCodePointLimit(Math.toIntExact(MAX_BYTES));
    options.setNestingDepthLimit(MAX_NESTING);
    return options;
  }

  /**
   * Reads and checks {@code file} as the operator does at start-up; a missing, unreadable, special
   * (a named pipe, a device) or too large file is an invalid spec too, and none of them can hold
   * the caller up (see {@link SpecFileReader}).
   */
  public static LocalSpec read(Path file) throws InvalidSpecException {
    return examine(file).orThrow();
  }

  /**
   * Reads {@code file} as {@link #read} does, but hands back what it could read along with every
   * problem instead of failing: {@code validate} checks the charm and config of a specification
   * whose other keys are wrong.
   */
  public static SpecReading examine(Path file) {
    return switch (SpecFileReader.read(file)) {
      case SpecFileRead.Missing missing ->
          SpecReading.refused("spec " + file + ": file does not exist");
      case SpecFileRead.Refused refused -> SpecReading.refused(refused.problem());
      case SpecFileRead.Content content -> reading(file, content.bytes());
    };
  }

  /** The refusal of a file of {@code size} bytes, naming the limit. */
  static String tooLarge(Path file, long size) {
    return "spec "
        + file
        + ": the file is "
        + size
        + " bytes ("
        + mebibytes(size)
        + "); a specification"
        + " may be at most "
        + MAX_BYTES
        + " bytes ("
        + mebibytes(MAX_BYTES)
        + ")";
  }

  private static String mebibytes(long bytes) {
    double mib = bytes / (1024.0 * 1024.0);
    return (mib == Math.rint(mib)
            ? String.valueOf((long) mib)
            : String.format(java.util.Locale.ROOT, "%.1f", mib))
        + " MiB";
  }

  /**
   * Checks {@code content}, read from {@code file}; the file's directory anchors a relative charm
   * path, so the same spec works whatever the operator's working directory.
   */
  public static LocalSpec parse(Path file, byte[] content) throws InvalidSpecException {
    return reading(file, content).orThrow();
  }

  private static SpecReading reading(Path file, byte[] content) {
    if (content.length > MAX_BYTES) return SpecReading.refused(tooLarge(file, content.length));
    JsonNode root;
    try (JsonParser parser = new AliasRefusingParser(YAML.createParser(content))) {
      root = YAML.readTree(parser);
    } catch (JsonProcessingException e) {
      return SpecReading.refused("spec " + file + ": " + describe(e));
    } catch (IOException e) {
      return SpecReading.refused("spec " + file + ": cannot parse: " + e.getMessage());
    }
    if (root == null || root.isMissingNode() || root.isNull()) {
      return SpecReading.refused(
          "spec " + file + ": the file is empty; expected at least \"application\" and \"charm\"");
    }
    if (!root.isObject()) {
      return SpecReading.refused(
          "spec " + file + ": expected a mapping of keys to values, got " + kind(root));
    }
    List<String> problems = new ArrayList<>();
    Fields fields = new Fields(root, problems);

    String application = fields.text(APPLICATION, true);
    if (application != null && !ApplicationName.isValid(application)) {
      problems.add(
          quote(APPLICATION)
              + ": \""
              + application
              + "\" is not a valid application"
              + " name (lower-case letters, digits and single hyphens, starting with a letter)");
      application = null;
    }
    String charm = fields.text(CHARM, true);
    String sha256 = fields.text(SHA256, false);
    boolean goodSha256 = sha256 == null || HEX_64.matcher(sha256).matches();
    if (!goodSha256) {
      problems.add(quote(SHA256) + ": expected 64 hexadecimal digits, got \"" + sha256 + "\"");
    }
    long modifiedVersion = fields.wholeNumber(MODIFIED_VERSION, 0, Long.MAX_VALUE);
    boolean forceUpgrade = fields.bool(FORCE_UPGRADE, false);
    long scale = fields.wholeNumber(SCALE, 1, Integer.MAX_VALUE);
    Map<String, Object> config = fields.config(CONFIG);
    Duration interval = fields.duration(UPDATE_STATUS_INTERVAL);
    Map<String, String> resources = fields.resources(RESOURCES, file);
    root.fieldNames()
        .forEachRemaining(
            key -> {
              if (!KEYS.contains(key)) problems.add("unknown key " + quote(key));
            });

    Optional<CharmRef> ref =
        charm != null && goodSha256
            ? Optional.of(new CharmRef(resolve(file, charm), sha256, modifiedVersion, forceUpgrade))
            : Optional.empty();
    if (!problems.isEmpty()) {
      return SpecReading.examined(file, problems, ref, config, Optional.empty());
    }
    Specification specification =
        new Specification(new ApplicationName(application), ref.get(), config, interval, resources);
    return SpecReading.examined(
        file, problems, ref, config, Optional.of(new LocalSpec(specification, (int) scale)));
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
    String sentences =
        message
            .lines()
            .filter(line -> !line.isBlank() && !Character.isWhitespace(line.charAt(0)))
            .map(String::strip)
            .collect(java.util.stream.Collectors.joining(", "));
    if (!sentences.isEmpty()) message = sentences;
    JsonLocation location = e.getLocation();
    if (location == null || location.getLineNr() < 1) return "invalid YAML: " + message;
    return "invalid YAML at line "
        + location.getLineNr()
        + ", column "
        + location.getColumnNr()
        + ": "
        + message;
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
        problems.add(
            quote(key)
                + ": expected a positive duration such as 500ms, 30s, 5m or 1h, got "
                + kind(node));
        return Specification.DEFAULT_UPDATE_STATUS_INTERVAL;
      }
      return parsed.get();
    }

    /**
     * Hands each entry of the mapping at {@code key} to {@code entry} with where it stands (to name
     * in a problem); a value that is not a mapping (of {@code what}) is a problem.
     */
    private void eachEntry(
        String key, String what, BiConsumer<String, Map.Entry<String, JsonNode>> entry) {
      JsonNode node = value(key);
      if (node == null) return;
      if (!node.isObject()) {
        problems.add(quote(key) + ": expected a mapping of " + what + ", got " + kind(node));
        return;
      }
      node.properties().forEach(e -> entry.accept(quote(key + "." + e.getKey()), e));
    }

    /**
     * File resources: name to path, a relative path anchored at the spec file's directory as the
     * charm's is. Each must be a regular file now (a resource is read when a hook asks for it, and
     * a typo found then would be found late); a URL or an image reference is refused: file
     * resources only.
     */
    Map<String, String> resources(String key, Path file) {
      Map<String, String> resources = new java.util.TreeMap<>();
      eachEntry(
          key,
          "resource names to file paths",
          (where, entry) -> {
            JsonNode value = entry.getValue();
            if (!value.isTextual() || value.asText().isBlank()) {
              problems.add(where + ": expected the path of a file, got " + kind(value));
              return;
            }
            String path = value.asText().strip();
            if (URL_SCHEME.matcher(path).matches()) {
              problems.add(
                  where
                      + ": expected the path of a file, got \""
                      + path
                      + "\" (file resources only)");
              return;
            }
            String absolute = resolve(file, path);
            if (!java.nio.file.Files.isRegularFile(Path.of(absolute))) {
              problems.add(where + ": " + absolute + " is not a file");
              return;
            }
            resources.put(entry.getKey(), absolute);
          });
      return resources;
    }

    Map<String, Object> config(String key) {
      Map<String, Object> config = new LinkedHashMap<>();
      eachEntry(
          key,
          "option names to values",
          (where, entry) -> {
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
              problems.add(
                  where
                      + ": nested maps and lists are not supported; expected a string,"
                      + " number or boolean");
            } else {
              problems.add(where + ": expected a string, number or boolean, got " + kind(value));
            }
          });
      return config;
    }
  }

  /**
   * Refuses YAML aliases ({@code *name}). The parser does not expand them: it would hand over the
   * anchor's name as if it were the value ({@code greeting: *hi} would read as "hi"), a quiet wrong
   * answer; and expanding them is how a small file becomes a huge tree.
   */
  private static final class AliasRefusingParser extends JsonParserDelegate {
    AliasRefusingParser(JsonParser parser) {
      super(parser);
    }

    @Override
    public JsonToken nextToken() throws IOException {
      JsonToken token = super.nextToken();
      if (delegate() instanceof YAMLParser yaml && yaml.isCurrentAlias()) {
        throw new JsonParseException(
            this,
            "aliases (*"
                + yaml.getText()
                + ") are not supported in a specification; write the value out");
      }
      return token;
    }
  }
}
