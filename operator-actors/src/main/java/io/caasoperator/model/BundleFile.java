package io.caasoperator.model;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.caasoperator.domain.ApplicationName;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a Juju bundle file as charm authors write it for Kubernetes:
 *
 * <pre>
 * bundle: kubernetes             # optional; anything else is refused
 * name: my-model                 # optional
 * applications:
 *   db:
 *     charm: ./charms/db         # a local charm: directory or .charm file, relative to this file
 *     scale: 1                   # or num_units; 0 when neither is given, as in Juju
 *     options: {port: 5432}      # the charm's config options
 *     trust: true                # optional
 *     resources: {image: ./db.tar}   # file resources, relative to this file
 *   web:
 *     charm: ./charms/web
 *     scale: 2
 * relations:
 *   - [web:db, db:db]            # application:endpoint
 *   - [web, db]                  # or just the applications: the endpoints are inferred
 * </pre>
 *
 * Every problem is collected, each naming the line it stands on, and said in Juju's words where
 * Juju has them (its bundle verifier, {@code bundledata.go} in juju/charm v12, which Juju 3.6
 * uses). Keys that mean something to Juju but cannot apply here ({@code series}, {@code base},
 * {@code channel}, {@code constraints}, {@code to}, {@code machines}...) are read and left alone
 * with a note; a key Juju does not know is a problem, since a misspelt key would otherwise be
 * silently ignored. Charms come from local paths only: there is no Charmhub here.
 */
public final class BundleFile {

  /** A real bundle is a few kilobytes; a larger file is a mistake and is refused unread. */
  public static final long MAX_BYTES = 1024 * 1024;

  /**
   * Juju's bundle check wants an application ({@code charm/bundledata.go}, {@code Verify}); a
   * running model need not have one ({@link BundleReading#asModel}).
   */
  public static final String NO_APPLICATION = "at least one application must be specified";

  // rebuild() keeps the parser's default features (an empty value reads as null, not "").
  private static final YAMLFactory FACTORY =
      new YAMLFactory()
          .rebuild()
          .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(16).build())
          .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
          .build();
  private static final ObjectMapper YAML =
      new ObjectMapper(FACTORY).enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY);

  // juju/names: ApplicationSnippet and RelationSnippet, as the bundle verifier's parseEndpoint
  private static final String APPLICATION = "[a-z][a-z0-9]*(?:-[a-z0-9]*[a-z][a-z0-9]*)*";
  private static final Pattern ENDPOINT =
      Pattern.compile("^(" + APPLICATION + "):([a-z][a-z0-9]*(?:[_-][a-z0-9]+)*)$");

  /**
   * This project's top-level key for the model's config (Juju keeps it in the controller, not in a
   * bundle): what {@code juju model-config} writes for the running model to follow.
   */
  public static final String MODEL_CONFIG = "model-config";

  // Why a key cannot apply here; the same reason for a key at the top and in an application.
  private static final String NO_BASE =
      "units run in pods or on this machine, not on a chosen base";
  private static final String NO_SERIES =
      "units run in pods or on this machine, not on a chosen series";
  private static final String NO_MACHINES = "there are no machines to place units on here";
  private static final String NOT_CHARMHUB = "charms come from local paths here, not from Charmhub";
  private static final String NO_FIREWALL = "there is no firewall to open here";

  /** Top-level keys that cannot apply here, and why. */
  private static final Map<String, String> IGNORED_AT_TOP =
      Map.of("default-base", NO_BASE, "series", NO_SERIES, "machines", NO_MACHINES);

  /** Application keys that cannot apply here, and why. */
  private static final Map<String, String> IGNORED_IN_APPLICATION =
      Map.ofEntries(
          Map.entry("series", NO_SERIES),
          Map.entry("base", NO_BASE),
          Map.entry("channel", NOT_CHARMHUB),
          Map.entry("revision", NOT_CHARMHUB),
          Map.entry("constraints", "there are no machines to constrain here"),
          Map.entry("to", NO_MACHINES),
          Map.entry("placement", NO_MACHINES),
          Map.entry("storage", "storage is what the charm's metadata declares"),
          Map.entry("devices", "no devices are attached here"),
          Map.entry("expose", NO_FIREWALL),
          Map.entry("exposed-endpoints", NO_FIREWALL),
          Map.entry("bindings", "there are no network spaces here"),
          Map.entry("annotations", "annotations are for Juju's GUI"));

  private static final Set<String> APPLICATION_KEYS =
      Set.of("charm", "scale", "num_units", "options", "trust", "resources");

  private BundleFile() {}

  /** Reads and checks {@code file}; never throws: an unreadable file is a problem too. */
  public static BundleReading read(Path file) {
    Path absolute = file.toAbsolutePath().normalize();
    Bundle nothing = new Bundle(absolute, "", List.of(), List.of());
    try {
      if (!Files.isRegularFile(absolute))
        return refused(nothing, absolute + ": no such file (a bundle is a YAML file)");
      long size = Files.size(absolute);
      if (size > MAX_BYTES) {
        return refused(
            nothing,
            absolute + ": the file is " + size + " bytes; a bundle may be at most " + MAX_BYTES);
      }
      return parse(absolute, Files.readAllBytes(absolute));
    } catch (IOException e) {
      return refused(nothing, absolute + ": cannot read: " + e.getMessage());
    }
  }

  /** Checks {@code content}, read from {@code file} (absolute), whose directory anchors paths. */
  public static BundleReading parse(Path file, byte[] content) {
    Bundle nothing = new Bundle(file, "", List.of(), List.of());
    if (content.length > MAX_BYTES)
      return refused(nothing, file + ": a bundle may be at most " + MAX_BYTES + " bytes");
    JsonNode root;
    try {
      root = YAML.readTree(content);
    } catch (JsonProcessingException e) {
      int line = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
      // SnakeYAML adds indented source snippets under its sentences: keep the sentences
      String message =
          e.getOriginalMessage()
              .lines()
              .filter(l -> !l.isBlank() && !Character.isWhitespace(l.charAt(0)))
              .map(String::strip)
              .collect(java.util.stream.Collectors.joining(", "));
      return refused(nothing, file + (line > 0 ? ":" + line : "") + ": invalid YAML: " + message);
    } catch (IOException e) {
      return refused(nothing, file + ": cannot parse: " + e.getMessage());
    }
    if (root == null || root.isMissingNode() || root.isNull())
      return refused(nothing, file + ": the file is empty; " + NO_APPLICATION);
    if (!root.isObject())
      return refused(nothing, file + ": expected a mapping of keys to values, got " + kind(root));
    return new Reading(file, YamlPlaces.of(FACTORY, content)).read(root);
  }

  private static BundleReading refused(Bundle nothing, String problem) {
    return new BundleReading(nothing, List.of(problem), List.of());
  }

  static String kind(JsonNode node) {
    if (node.isObject()) return "a mapping";
    if (node.isArray()) return "a list";
    if (node.isTextual()) return "the string " + GoQuoted.of(node.asText());
    if (node.isNull()) return "nothing";
    return node.toString();
  }

  /** One pass over a parsed bundle, collecting what is good, problems and notes. */
  private static final class Reading {
    private final Path file;
    private final YamlPlaces places;
    private final List<Finding> problems = new ArrayList<>();
    private final List<Finding> notes = new ArrayList<>();

    /** A problem or note and the line it stands on, so that they are listed in file order. */
    private record Finding(int line, String text) {
      static List<String> inFileOrder(List<Finding> findings) {
        return findings.stream()
            .sorted(java.util.Comparator.comparingInt(Finding::line))
            .map(Finding::text)
            .toList();
      }
    }

    Reading(Path file, YamlPlaces places) {
      this.file = file;
      this.places = places;
    }

    BundleReading read(JsonNode root) {
      // The tree holds an alias's anchor name where its value belongs: checking it would report
      // problems that are not in the file.
      for (String alias : places.aliases())
        problem(alias, "aliases are not supported in a bundle; write the value out");
      if (!problems.isEmpty()) {
        return new BundleReading(
            new Bundle(file, "", List.of(), List.of()), Finding.inFileOrder(problems), List.of());
      }
      String name = "";
      Duration updateStatusInterval = UpdateStatusInterval.DEFAULT;
      for (var entry : root.properties()) {
        String key = entry.getKey();
        JsonNode value = entry.getValue();
        switch (key) {
          case "applications", "relations", "description" -> {}
          case "name" -> name = value.isTextual() ? value.asText() : "";
          case "bundle" -> {
            if (!value.isTextual() || !value.asText().equals("kubernetes"))
              problem(key, "bundle has an invalid type " + GoQuoted.of(value.asText()));
          }
          case "saas" -> problem(key, "offers from other models (saas) are not supported here");
          case MODEL_CONFIG -> updateStatusInterval = modelConfig(value);
          default -> {
            if (IGNORED_AT_TOP.containsKey(key))
              note(key, GoQuoted.of(key), IGNORED_AT_TOP.get(key));
            else problem(key, "unknown key " + GoQuoted.of(key));
          }
        }
      }
      Set<String> named = new HashSet<>();
      List<BundleApplication> applications = applications(root.get("applications"), named);
      List<BundleRelation> relations = relations(root.get("relations"), named);
      return new BundleReading(
          new Bundle(file, name, applications, relations, updateStatusInterval),
          Finding.inFileOrder(problems),
          Finding.inFileOrder(notes));
    }

    /**
     * The bundle's {@code model-config}: a mapping whose {@code update-status-hook-interval} the
     * running model follows; other keys are kept by {@code juju model-config} in the model's info
     * and only noted here.
     */
    private Duration modelConfig(JsonNode node) {
      Duration interval = UpdateStatusInterval.DEFAULT;
      if (node == null || node.isNull()) return interval;
      if (!node.isObject()) {
        problem(
            MODEL_CONFIG, "expected a mapping of model-config keys to values, got " + kind(node));
        return interval;
      }
      for (var entry : node.properties()) {
        String path = MODEL_CONFIG + "." + entry.getKey();
        if (!entry.getKey().equals(UpdateStatusInterval.KEY)) {
          note(
              path,
              GoQuoted.of(entry.getKey()),
              "the running model follows only " + UpdateStatusInterval.KEY);
          continue;
        }
        try {
          interval = UpdateStatusInterval.parse(entry.getValue().asText());
        } catch (IllegalArgumentException e) {
          problem(path, e.getMessage());
        }
      }
      return interval;
    }

    private List<BundleApplication> applications(JsonNode node, Set<String> named) {
      Map<String, BundleApplication> applications = new TreeMap<>();
      if (node == null || node.isNull() || (node.isObject() && node.isEmpty())) {
        problem("applications", NO_APPLICATION);
        return List.of();
      }
      if (!node.isObject()) {
        problem(
            "applications",
            "expected a mapping of application names to applications, got " + kind(node));
        return List.of();
      }
      for (var entry : node.properties()) {
        String name = entry.getKey();
        named.add(name);
        String path = "applications." + name;
        boolean validName = ApplicationName.isValid(name);
        if (!validName) {
          problem(
              path,
              "invalid application name "
                  + GoQuoted.of(name)
                  + ": use lower-case letters, digits and single hyphens, starting with a letter");
        }
        JsonNode app = entry.getValue();
        if (app.isNull()) {
          problem(path, "bundle application for key " + GoQuoted.of(name) + " is undefined");
          continue;
        }
        if (!app.isObject()) {
          problem(path, "expected a mapping with charm, scale, options..., got " + kind(app));
          continue;
        }
        // an entry under a bad name is still checked, so that one run names all its problems
        application(name, path, app).ifPresent(read -> applications.put(name, read));
      }
      return List.copyOf(applications.values());
    }

    /** The entry's application, once every key is checked; none under a name already refused. */
    private Optional<BundleApplication> application(String name, String path, JsonNode app) {
      for (String key : (Iterable<String>) app::fieldNames) {
        if (IGNORED_IN_APPLICATION.containsKey(key)) {
          note(
              path + "." + key,
              GoQuoted.of(key) + " in application " + GoQuoted.of(name),
              IGNORED_IN_APPLICATION.get(key));
        } else if (!APPLICATION_KEYS.contains(key)) {
          problem(
              path + "." + key,
              "unknown key " + GoQuoted.of(key) + " in application " + GoQuoted.of(name));
        }
      }
      Optional<Path> charm = charm(name, path, app.get("charm"));
      long scale = wholeNumber(path, app, "scale");
      long numUnits = wholeNumber(path, app, "num_units");
      if (scale > 0 && numUnits > 0) {
        problem(
            path, "cannot specify both scale and num_units for application " + GoQuoted.of(name));
      }
      long units = Math.max(scale, numUnits);
      if (scale < 0 || numUnits < 0) {
        problem(
            path + (scale < 0 ? ".scale" : ".num_units"),
            "negative number of units specified on application " + GoQuoted.of(name));
        units = 0;
      }
      if (units > Integer.MAX_VALUE) {
        problem(path, "application " + GoQuoted.of(name) + ": " + units + " units is too many");
        units = 0;
      }
      Map<String, Object> options = options(path + ".options", app.get("options"));
      boolean trust = false;
      JsonNode trusted = app.get("trust");
      if (trusted != null && !trusted.isNull()) {
        if (trusted.isBoolean()) trust = trusted.booleanValue();
        else problem(path + ".trust", "expected true or false, got " + kind(trusted));
      }
      Map<String, Path> resources = resources(name, path + ".resources", app.get("resources"));
      if (!ApplicationName.isValid(name)) return Optional.empty();
      return Optional.of(
          new BundleApplication(
              new ApplicationName(name),
              charm,
              (int) units,
              options,
              trust,
              resources,
              places.lineOf(path)));
    }

    /** The local charm the entry names, when it exists; Juju's words when it does not. */
    private Optional<Path> charm(String name, String path, JsonNode node) {
      if (node == null || node.isNull() || (node.isTextual() && node.asText().isBlank())) {
        problem(path, "empty charm path");
        return Optional.empty();
      }
      if (!node.isTextual()) {
        problem(path + ".charm", "expected the path of a local charm, got " + kind(node));
        return Optional.empty();
      }
      String charm = node.asText().strip();
      if (!charm.startsWith(".") && !charm.startsWith("/")) {
        problem(
            path + ".charm",
            "charm "
                + GoQuoted.of(charm)
                + " in application "
                + GoQuoted.of(name)
                + " is not a local path: only local charms (./dir, ../dir, /dir or a .charm file)"
                + " are deployed here");
        return Optional.empty();
      }
      Path resolved = file.getParent().resolve(charm).normalize();
      if (!Files.exists(resolved)) {
        problem(
            path + ".charm",
            "charm path in application " + GoQuoted.of(name) + " does not exist: " + resolved);
        return Optional.empty();
      }
      return Optional.of(resolved);
    }

    /** The whole number at {@code key}; 0 when absent, and 0 with a problem when not a number. */
    private long wholeNumber(String path, JsonNode app, String key) {
      JsonNode node = app.get(key);
      if (node == null || node.isNull()) return 0;
      if (!node.isIntegralNumber() || !node.canConvertToLong()) {
        problem(
            path + "." + key, GoQuoted.of(key) + ": expected a whole number, got " + kind(node));
        return 0;
      }
      return node.longValue();
    }

    /**
     * The entries of the mapping at {@code path}: none when it is absent, and none with a problem
     * when it is not a mapping (of {@code what}).
     */
    private Iterable<Map.Entry<String, JsonNode>> entries(String path, JsonNode node, String what) {
      if (node == null || node.isNull()) return List.of();
      if (node.isObject()) return node.properties();
      problem(path, "expected a mapping of " + what + ", got " + kind(node));
      return List.of();
    }

    private Map<String, Object> options(String path, JsonNode node) {
      Map<String, Object> options = new LinkedHashMap<>();
      for (var entry : entries(path, node, "option names to values")) {
        JsonNode value = entry.getValue();
        Object option =
            switch (value.getNodeType()) {
              case STRING -> value.asText();
              case BOOLEAN -> value.booleanValue();
              case NUMBER ->
                  value.isFloatingPointNumber()
                      ? (Object) value.doubleValue()
                      : value.canConvertToLong() ? (Object) value.longValue() : null;
              default -> null;
            };
        if (option == null) {
          problem(
              path + "." + entry.getKey(),
              "option "
                  + GoQuoted.of(entry.getKey())
                  + ": expected a string, number or boolean, got "
                  + kind(value));
        } else {
          options.put(
              entry.getKey(),
              option instanceof Long l && l == l.intValue() ? l.intValue() : option);
        }
      }
      return options;
    }

    private Map<String, Path> resources(String name, String path, JsonNode node) {
      Map<String, Path> resources = new TreeMap<>();
      for (var entry : entries(path, node, "resource names to file paths")) {
        String where = path + "." + entry.getKey();
        JsonNode value = entry.getValue();
        if (entry.getKey().isBlank()) {
          problem(where, "missing resource name on application " + GoQuoted.of(name));
        } else if (value.isIntegralNumber()) {
          problem(
              where,
              "resource "
                  + GoQuoted.of(entry.getKey())
                  + ": a revision needs Charmhub; give the path of a file");
        } else if (!value.isTextual() || value.asText().isBlank()) {
          problem(
              where,
              "resource "
                  + GoQuoted.of(entry.getKey())
                  + ": expected the path of a file, got "
                  + kind(value));
        } else {
          Path resource = file.getParent().resolve(value.asText().strip()).normalize();
          if (Files.isRegularFile(resource)) resources.put(entry.getKey(), resource);
          else
            problem(
                where,
                "resource " + GoQuoted.of(entry.getKey()) + ": " + resource + " is not a file");
        }
      }
      return resources;
    }

    private List<BundleRelation> relations(JsonNode node, Set<String> named) {
      List<BundleRelation> relations = new ArrayList<>();
      if (node == null || node.isNull()) return relations;
      if (!node.isArray()) {
        problem(
            "relations", "expected a list of relations such as [web:db, db:db], got " + kind(node));
        return relations;
      }
      Set<List<String>> seen = new HashSet<>();
      for (int i = 0; i < node.size(); i++) {
        String path = "relations[" + i + "]";
        JsonNode pair = node.get(i);
        if (!pair.isArray() || !allText(pair)) {
          problem(path, "expected a relation such as [web:db, db:db], got " + kind(pair));
          continue;
        }
        List<String> endpoints = new ArrayList<>();
        pair.forEach(e -> endpoints.add(e.asText()));
        BundleRelation relation = new BundleRelation(endpoints, places.lineOf(path));
        if (endpoints.size() != 2) {
          problem(
              path, "relation " + relation + " has " + endpoints.size() + " endpoint(s), not 2");
          continue;
        }
        List<String> applications = new ArrayList<>();
        for (int j = 0; j < 2; j++) {
          String endpoint = endpoints.get(j);
          Matcher m = ENDPOINT.matcher(endpoint);
          String application = m.matches() ? m.group(1) : endpoint;
          if (!m.matches() && !ApplicationName.isValid(endpoint)) {
            problem(path + "[" + j + "]", "invalid relation syntax " + GoQuoted.of(endpoint));
            continue;
          }
          if (!named.contains(application)) {
            problem(
                path + "[" + j + "]",
                "relation "
                    + relation
                    + " refers to application "
                    + GoQuoted.of(application)
                    + " not defined in this bundle");
          }
          applications.add(application);
        }
        if (applications.size() != 2) continue;
        if (applications.get(0).equals(applications.get(1))) {
          problem(path, "relation " + relation + " relates an application to itself");
          continue;
        }
        // [a, b] and [b, a] are one relation, as Juju's verifier orders pairs before comparing
        if (!seen.add(endpoints.stream().sorted().toList())) {
          problem(path, "relation " + relation + " is defined more than once");
          continue;
        }
        if (named.containsAll(applications)) relations.add(relation);
      }
      return relations;
    }

    private static boolean allText(JsonNode array) {
      for (JsonNode element : array) if (!element.isTextual()) return false;
      return true;
    }

    private void problem(String path, String message) {
      problems.add(found(path, message));
    }

    private void note(String path, String what, String why) {
      notes.add(found(path, what + " ignored: " + why));
    }

    private Finding found(String path, String text) {
      int line = places.lineOf(path);
      return new Finding(line, file + (line > 0 ? ":" + line : "") + ": " + text);
    }
  }
}
