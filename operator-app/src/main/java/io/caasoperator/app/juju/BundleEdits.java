package io.caasoperator.app.juju;

import static io.caasoperator.app.juju.ModelReference.quoted;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.caasoperator.domain.ApplicationName;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What each {@code juju} command that changes a model does to its bundle file: pure functions,
 * bundle text in, bundle text out, or a {@link JujuFailure} in Juju's words (its API server's
 * messages, juju/juju {@code apiserver/facades/client/application}) when the change cannot be made.
 * The command writes the text whole, or nothing; the model's operator follows the file.
 *
 * <p>Only what the file alone can tell is checked here (names, existence, duplicates); what needs
 * the charms (endpoints, option types) is checked by the command against the written-to-be bundle
 * before it is written.
 */
public final class BundleEdits {
  private BundleEdits() {}

  /**
   * {@code juju deploy}: a new application.
   *
   * @param charm the charm's absolute path
   * @param units {@code --num-units}
   * @param options the charm's config, typed ({@link ConfigValues})
   * @param resources file resources, name to absolute path
   */
  public record Deploy(
      ApplicationName application,
      String charm,
      int units,
      Map<String, Object> options,
      Map<String, String> resources,
      boolean trust) {
    public Deploy {
      Objects.requireNonNull(application, "application");
      Objects.requireNonNull(charm, "charm");
      if (units < 0) throw new IllegalArgumentException("units must be >= 0, got " + units);
      options = Map.copyOf(options);
      resources = Map.copyOf(resources);
    }
  }

  public static String deploy(String bundle, Deploy deploy) {
    ObjectNode root = BundleText.parse(bundle);
    ObjectNode applications = BundleText.applications(root);
    String name = deploy.application().value();
    if (applications.has(name)) {
      throw new JujuFailure(
          "cannot add application " + quoted(name) + ": application already exists");
    }
    ObjectNode app = applications.putObject(name);
    app.put("charm", deploy.charm());
    app.put("scale", deploy.units());
    if (!deploy.options().isEmpty()) {
      ObjectNode options = app.putObject("options");
      new java.util.TreeMap<>(deploy.options()).forEach((k, v) -> options.set(k, value(v)));
    }
    if (deploy.trust()) app.put("trust", true);
    if (!deploy.resources().isEmpty()) {
      ObjectNode resources = app.putObject("resources");
      new java.util.TreeMap<>(deploy.resources()).forEach(resources::put);
    }
    return BundleText.render(root);
  }

  /**
   * {@code juju integrate A[:ep] B[:ep]}: a relation as written; which endpoints it joins is
   * inferred from the charms as Juju infers it (the command checks that before it writes).
   */
  public static String integrate(String bundle, String one, String other) {
    ObjectNode root = BundleText.parse(bundle);
    ObjectNode applications = BundleText.applications(root);
    String a = application(one);
    String b = application(other);
    requireApplication(applications, a);
    requireApplication(applications, b);
    if (a.equals(b)) {
      throw new JujuFailure(
          "cannot add relation "
              + quoted(one + " " + other)
              + ": relates an application to itself");
    }
    ArrayNode relations = BundleText.relations(root);
    for (JsonNode relation : relations) {
      if (samePair(relation, one, other)) {
        throw new JujuFailure(
            "cannot add relation " + quoted(one + " " + other) + ": relation already exists");
      }
    }
    relations.addArray().add(one).add(other);
    return BundleText.render(root);
  }

  /**
   * {@code juju remove-relation A[:ep] B[:ep]}: the relation written so, or else the only relation
   * between the two applications whose written endpoints fit.
   */
  public static String removeRelation(String bundle, String one, String other) {
    ObjectNode root = BundleText.parse(bundle);
    ObjectNode applications = BundleText.applications(root);
    requireApplication(applications, application(one));
    requireApplication(applications, application(other));
    ArrayNode relations = BundleText.relations(root);
    List<Integer> exact = new ArrayList<>();
    List<Integer> fitting = new ArrayList<>();
    for (int i = 0; i < relations.size(); i++) {
      JsonNode relation = relations.get(i);
      if (samePair(relation, one, other)) exact.add(i);
      else if (fits(relation, one, other)) fitting.add(i);
    }
    List<Integer> chosen = exact.isEmpty() ? fitting : exact;
    if (chosen.isEmpty()) {
      throw new JujuFailure("relation " + quoted(one + " " + other) + " not found");
    }
    if (chosen.size() > 1) {
      List<String> candidates =
          chosen.stream().map(i -> quoted(written(relations.get(i)))).toList();
      throw new JujuFailure(
          "ambiguous relation: "
              + quoted(one + " " + other)
              + " could refer to "
              + String.join("; ", candidates));
    }
    relations.remove((int) chosen.getFirst());
    return BundleText.render(root);
  }

  /** {@code juju remove-application}: the application and every relation it is in. */
  public static String removeApplication(String bundle, ApplicationName application) {
    ObjectNode root = BundleText.parse(bundle);
    ObjectNode applications = BundleText.applications(root);
    String name = application.value();
    requireApplication(applications, name);
    applications.remove(name);
    ArrayNode relations = BundleText.relations(root);
    for (int i = relations.size() - 1; i >= 0; i--) {
      for (JsonNode end : relations.get(i)) {
        if (application(end.asText()).equals(name)) {
          relations.remove(i);
          break;
        }
      }
    }
    return BundleText.render(root);
  }

  /** {@code juju scale-application APP N}. */
  public static String scale(String bundle, ApplicationName application, int scale) {
    if (scale < 0) throw new JujuFailure("expected a non-negative integer scale, got " + scale);
    ObjectNode root = BundleText.parse(bundle);
    ObjectNode app = requireApplication(BundleText.applications(root), application.value());
    setScale(app, scale);
    return BundleText.render(root);
  }

  /** {@code juju add-unit APP [-n N]}: N more units. */
  public static String addUnits(String bundle, ApplicationName application, int count) {
    if (count < 1) throw new JujuFailure("--num-units must be a positive integer");
    ObjectNode root = BundleText.parse(bundle);
    ObjectNode app = requireApplication(BundleText.applications(root), application.value());
    setScale(app, scaleOf(app) + count);
    return BundleText.render(root);
  }

  /**
   * {@code juju remove-unit APP --num-units N}: N fewer units (on Kubernetes units are removed from
   * the highest number down, so naming the application and a count is all Juju takes).
   */
  public static String removeUnits(String bundle, ApplicationName application, int count) {
    if (count < 1) throw new JujuFailure("--num-units must be a positive integer");
    ObjectNode root = BundleText.parse(bundle);
    ObjectNode app = requireApplication(BundleText.applications(root), application.value());
    int scale = scaleOf(app);
    if (count > scale) {
      throw new JujuFailure(
          "cannot remove "
              + count
              + " unit(s) of application "
              + quoted(application.value())
              + ": it has "
              + scale);
    }
    setScale(app, scale - count);
    return BundleText.render(root);
  }

  /**
   * {@code juju config APP k=v... --reset k...}: options set (typed by {@link ConfigValues}) and
   * options reset to the charm's default (removed from the bundle).
   */
  public static String config(
      String bundle,
      ApplicationName application,
      Map<String, Object> set,
      Collection<String> reset) {
    ObjectNode root = BundleText.parse(bundle);
    ObjectNode app = requireApplication(BundleText.applications(root), application.value());
    JsonNode existing = app.get("options");
    ObjectNode options = existing instanceof ObjectNode o ? o : app.putObject("options");
    new java.util.TreeMap<>(set).forEach((k, v) -> options.set(k, value(v)));
    reset.forEach(options::remove);
    if (options.isEmpty()) app.remove("options");
    return BundleText.render(root);
  }

  /** {@code juju trust APP [--remove]}, and {@code juju config APP trust=true}. */
  public static String trust(String bundle, ApplicationName application, boolean trust) {
    return flag(bundle, application, "trust", trust);
  }

  /**
   * {@code juju expose APP} and {@code unexpose}: the bundle's own {@code expose: true} (Juju's
   * bundle key; the operator notes it and opens nothing, there being no firewall here).
   */
  public static String expose(String bundle, ApplicationName application, boolean exposed) {
    return flag(bundle, application, "expose", exposed);
  }

  /** {@code juju refresh APP --path P}: the application's {@code charm}, now {@code charm}. */
  public static String charm(String bundle, ApplicationName application, String charm) {
    ObjectNode root = BundleText.parse(bundle);
    requireApplication(BundleText.applications(root), application.value()).put("charm", charm);
    return BundleText.render(root);
  }

  /** An application's boolean {@code key}: {@code true} when on, absent when off. */
  private static String flag(String bundle, ApplicationName application, String key, boolean on) {
    ObjectNode root = BundleText.parse(bundle);
    ObjectNode app = requireApplication(BundleText.applications(root), application.value());
    if (on) app.put(key, true);
    else app.remove(key);
    return BundleText.render(root);
  }

  /**
   * An application as the bundle has it, for status and {@code config}.
   *
   * @param options the config set, with their YAML types
   */
  public record Entry(
      String application,
      String charm,
      int scale,
      Map<String, Object> options,
      boolean trust,
      boolean exposed) {
    public Entry {
      options = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(options));
    }

    /** An application not exposed. */
    public Entry(
        String application, String charm, int scale, Map<String, Object> options, boolean trust) {
      this(application, charm, scale, options, trust, false);
    }
  }

  /** The bundle's applications, in its order. */
  public static List<Entry> entries(String bundle) {
    ObjectNode applications = BundleText.applications(BundleText.parse(bundle));
    List<Entry> entries = new ArrayList<>();
    for (var e : applications.properties()) {
      if (!(e.getValue() instanceof ObjectNode app)) continue;
      Map<String, Object> options = new java.util.LinkedHashMap<>();
      if (app.get("options") instanceof ObjectNode o) {
        o.properties()
            .forEach(
                option ->
                    options.put(
                        option.getKey(),
                        BundleText.mapper().convertValue(option.getValue(), Object.class)));
      }
      entries.add(
          new Entry(
              e.getKey(),
              app.path("charm").asText(""),
              scaleOf(app),
              options,
              app.path("trust").asBoolean(false),
              app.path("expose").asBoolean(false)));
    }
    return entries;
  }

  /**
   * The application of that name.
   *
   * @throws JujuFailure when the bundle has none
   */
  public static Entry entry(String bundle, ApplicationName application) {
    return entries(bundle).stream()
        .filter(e -> e.application().equals(application.value()))
        .findFirst()
        .orElseThrow(
            () -> new JujuFailure("application " + quoted(application.value()) + " not found"));
  }

  private static ObjectNode requireApplication(ObjectNode applications, String name) {
    JsonNode app = applications.get(name);
    if (app instanceof ObjectNode object) return object;
    throw new JujuFailure("application " + quoted(name) + " not found");
  }

  /** {@code scale:}, else {@code num_units:}, else 0, as the bundle reader takes them. */
  static int scaleOf(ObjectNode app) {
    if (app.has("scale")) return app.get("scale").asInt(0);
    if (app.has("num_units")) return app.get("num_units").asInt(0);
    return 0;
  }

  private static void setScale(ObjectNode app, int scale) {
    app.remove("num_units");
    app.put("scale", scale);
  }

  /** The application of {@code application[:endpoint]}. */
  static String application(String endpoint) {
    int colon = endpoint.indexOf(':');
    return colon < 0 ? endpoint : endpoint.substring(0, colon);
  }

  private static boolean samePair(JsonNode relation, String one, String other) {
    if (!relation.isArray() || relation.size() != 2) return false;
    String x = relation.get(0).asText();
    String y = relation.get(1).asText();
    return (x.equals(one) && y.equals(other)) || (x.equals(other) && y.equals(one));
  }

  /**
   * Whether {@code one other} could name the written relation: same applications, endpoints fit.
   */
  private static boolean fits(JsonNode relation, String one, String other) {
    if (!relation.isArray() || relation.size() != 2) return false;
    String x = relation.get(0).asText();
    String y = relation.get(1).asText();
    return (fitsEnd(x, one) && fitsEnd(y, other)) || (fitsEnd(x, other) && fitsEnd(y, one));
  }

  /**
   * A written end fits an asked one with the same application, and the same endpoint if both say.
   */
  private static boolean fitsEnd(String written, String asked) {
    if (!application(written).equals(application(asked))) return false;
    return !written.contains(":") || !asked.contains(":") || written.equals(asked);
  }

  private static String written(JsonNode relation) {
    return relation.get(0).asText() + " " + relation.get(1).asText();
  }

  private static JsonNode value(Object v) {
    return BundleText.mapper().valueToTree(v);
  }
}
