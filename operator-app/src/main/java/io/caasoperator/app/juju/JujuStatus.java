package io.caasoperator.app.juju;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * {@code juju status --format json} from what the model's operator reports ({@code GET /v1/status},
 * {@code caas-operator status --format json}) and what the model's bundle asks for: Juju 3.6's
 * schema (juju/juju {@code cmd/juju/status/formatted.go}), the fields jubilant's {@code
 * statustypes.py} reads. Pure.
 *
 * <p>The operator's report is either one application (what {@code run --spec} answers: {@code
 * {application, status, charm, leader, units, relations, ...}}) or a model ({@code {applications:
 * [...]}} or {@code {applications: {name: ...}}}, each entry of the first shape). An application
 * the bundle has and the operator does not report yet is shown without units, waiting.
 */
public final class JujuStatus {
  private JujuStatus() {}

  /**
   * Juju's status time format without {@code --utc}'s ISO form ({@code common.FormatTime}), in UTC.
   */
  private static final DateTimeFormatter SINCE =
      DateTimeFormatter.ofPattern("dd MMM yyyy HH:mm:ss'Z'", Locale.ROOT).withZone(ZoneOffset.UTC);

  private static final DateTimeFormatter TIMESTAMP =
      DateTimeFormatter.ofPattern("HH:mm:ss'Z'", Locale.ROOT).withZone(ZoneOffset.UTC);

  /**
   * How severe a workload status is when Juju derives an application's status from its units'
   * (juju/juju {@code core/status/status.go}, {@code statusSeverities}); unlisted values rank
   * lowest.
   */
  private static final Map<String, Integer> SEVERITY =
      Map.of(
          "error", 100,
          "blocked", 90,
          "maintenance", 80,
          "waiting", 70,
          "active", 60,
          "terminated", 50,
          "unknown", 40);

  /**
   * @param operator the operator's report, empty when no operator runs for the model
   * @param bundle the model's applications as its bundle has them
   * @param now the time of this status ({@code controller.timestamp})
   */
  public static ObjectNode of(
      ObjectMapper json,
      ModelInfo model,
      Optional<JsonNode> operator,
      List<BundleEdits.Entry> bundle,
      Instant now) {
    ObjectNode root = json.createObjectNode();
    ObjectNode m = root.putObject("model");
    m.put("name", model.name().value());
    m.put("type", "caas");
    m.put("controller", JujuDefaults.CONTROLLER);
    m.put("cloud", JujuDefaults.CLOUD);
    m.put("region", JujuDefaults.REGION);
    m.put("version", JujuDefaults.VERSION);
    ObjectNode modelStatus = m.putObject("model-status");
    modelStatus.put("current", "available");
    modelStatus.put("since", SINCE.format(model.created()));
    m.put("sla", "unsupported");
    root.putObject("machines");
    ObjectNode applications = root.putObject("applications");
    Map<String, JsonNode> reported = reported(operator);
    for (BundleEdits.Entry entry : bundle) {
      JsonNode view = reported.remove(entry.application());
      applications.set(
          entry.application(),
          view == null
              ? waiting(json, entry, operator.isPresent())
              : application(json, view, entry.scale(), entry.exposed()));
    }
    // applications the operator still runs but the bundle no longer has: being removed
    for (var left : reported.entrySet()) {
      ObjectNode app = application(json, left.getValue(), 0, false);
      app.put("life", "dying");
      applications.set(left.getKey(), app);
    }
    root.putObject("storage");
    root.putObject("controller").put("timestamp", TIMESTAMP.format(now));
    return root;
  }

  /** The operator's applications by name, in its order. */
  static Map<String, JsonNode> reported(Optional<JsonNode> operator) {
    Map<String, JsonNode> views = new LinkedHashMap<>();
    if (operator.isEmpty()) return views;
    JsonNode root = operator.get();
    JsonNode applications = root.get("applications");
    if (applications != null && applications.isArray()) {
      applications.forEach(a -> views.put(a.path("application").asText(), a));
    } else if (applications != null && applications.isObject()) {
      applications.properties().forEach(e -> views.put(e.getKey(), e.getValue()));
    } else if (root.has("application")) {
      views.put(root.path("application").asText(), root);
    }
    return views;
  }

  private static ObjectNode application(
      ObjectMapper json, JsonNode view, int desiredScale, boolean exposed) {
    ObjectNode app = json.createObjectNode();
    String charmName = view.path("charm").path("name").asText("");
    long generation = view.path("charm").path("generation").asLong(1);
    // a local charm's revision counts its deployments from 0, as Juju numbers local charms
    long revision = Math.max(0, generation - 1);
    app.put("charm", "local:" + charmName + "-" + revision);
    app.put("charm-origin", "local");
    app.put("charm-name", charmName);
    app.put("charm-rev", revision);
    app.put("exposed", exposed);
    app.put("scale", desiredScale);
    List<JsonNode> unitViews = new ArrayList<>();
    view.path("units").forEach(unitViews::add);
    app.set("application-status", applicationStatus(json, view.path("status"), unitViews));
    ObjectNode relations = relations(json, view.path("relations"));
    if (!relations.isEmpty()) app.set("relations", relations);
    ObjectNode unitsNode = json.createObjectNode();
    for (JsonNode unit : unitViews) {
      unitsNode.set(unit.path("unit").asText(), unit(json, unit));
    }
    if (!unitsNode.isEmpty()) app.set("units", unitsNode);
    String version = view.path("workloadVersion").asText("");
    if (!version.isEmpty()) app.put("version", version);
    return app;
  }

  /**
   * The application's status: the operator's own when it says something is wrong (the charm is
   * being downloaded, cannot be), else derived from its units as Juju derives it when the charm set
   * none: the most severe workload status ({@link #SEVERITY}).
   */
  private static ObjectNode applicationStatus(
      ObjectMapper json, JsonNode status, List<JsonNode> units) {
    String value = status.path("value").asText("unknown");
    String message = status.path("message").asText("");
    boolean plainActive = value.equals("active") && message.isEmpty();
    if (!plainActive || units.isEmpty()) return statusInfo(json, status, Optional.empty());
    JsonNode worst = null;
    for (JsonNode unit : units) {
      JsonNode workload = unit.path("workloadStatus");
      if (worst == null || severity(workload) > severity(worst)) worst = workload;
    }
    return statusInfo(json, worst, Optional.empty());
  }

  private static int severity(JsonNode status) {
    return SEVERITY.getOrDefault(status.path("value").asText("unknown"), 0);
  }

  /**
   * Each endpoint's relations, as 3.6 lists them: {@code {endpoint: [{related-application,
   * interface, scope}]}}; a peer relation names its own application.
   */
  private static ObjectNode relations(ObjectMapper json, JsonNode relations) {
    ObjectNode byEndpoint = json.createObjectNode();
    for (JsonNode relation : relations) {
      String endpoint = relation.path("endpoint").asText();
      ArrayNode list =
          byEndpoint.has(endpoint)
              ? (ArrayNode) byEndpoint.get(endpoint)
              : byEndpoint.putArray(endpoint);
      ObjectNode entry = list.addObject();
      entry.put("related-application", relation.path("remoteApplication").asText());
      entry.put("interface", relation.path("interfaceName").asText());
      entry.put("scope", relation.path("scope").asText("global"));
    }
    return byEndpoint;
  }

  private static ObjectNode unit(ObjectMapper json, JsonNode unit) {
    ObjectNode u = json.createObjectNode();
    u.set("workload-status", statusInfo(json, unit.path("workloadStatus"), Optional.empty()));
    u.set(
        "juju-status",
        statusInfo(json, unit.path("agentStatus"), Optional.of(JujuDefaults.VERSION)));
    if (unit.path("leader").asBoolean(false)) u.put("leader", true);
    String address = unit.path("address").asText("");
    if (!address.isEmpty()) u.put("address", address);
    JsonNode ports = unit.path("ports");
    if (ports.isArray() && !ports.isEmpty()) u.set("open-ports", ports.deepCopy());
    // on Kubernetes, the unit's pod: <app>-<n>
    u.put("provider-id", unit.path("unit").asText().replace('/', '-'));
    String life = unit.path("life").asText("alive");
    if (!life.equals("alive")) u.put("life", life);
    return u;
  }

  private static ObjectNode statusInfo(
      ObjectMapper json, JsonNode status, Optional<String> version) {
    ObjectNode info = json.createObjectNode();
    info.put("current", status.path("value").asText("unknown"));
    String message = status.path("message").asText("");
    if (!message.isEmpty()) info.put("message", message);
    since(status).ifPresent(s -> info.put("since", s));
    version.ifPresent(v -> info.put("version", v));
    return info;
  }

  private static Optional<String> since(JsonNode status) {
    JsonNode since = status.get("since");
    if (since == null || since.isNull()) return Optional.empty();
    try {
      Instant at =
          since.isNumber()
              ? Instant.ofEpochMilli((long) (since.asDouble() * 1000))
              : Instant.parse(since.asText());
      return Optional.of(SINCE.format(at));
    } catch (java.time.format.DateTimeParseException e) {
      return Optional.empty();
    }
  }

  /** An application of the bundle that the operator does not report (yet). */
  private static ObjectNode waiting(
      ObjectMapper json, BundleEdits.Entry entry, boolean operatorRuns) {
    ObjectNode app = json.createObjectNode();
    String charmName = charmName(entry.charm());
    app.put("charm", "local:" + charmName + "-0");
    app.put("charm-origin", "local");
    app.put("charm-name", charmName);
    app.put("charm-rev", 0);
    app.put("exposed", entry.exposed());
    app.put("scale", entry.scale());
    ObjectNode status = app.putObject("application-status");
    status.put("current", "waiting");
    status.put(
        "message",
        operatorRuns ? "waiting for the model's operator" : "the model's operator is not running");
    return app;
  }

  /**
   * The charm's name as its path suggests it, before it is loaded: {@code charmcraft pack} names an
   * archive {@code <name>_<base>-<arch>.charm}.
   */
  static String charmName(String charm) {
    String file = charm.replaceAll("/+$", "");
    file = file.substring(file.lastIndexOf('/') + 1);
    if (file.endsWith(".charm")) file = file.substring(0, file.length() - ".charm".length());
    int underscore = file.indexOf('_');
    return underscore > 0 ? file.substring(0, underscore) : file;
  }
}
