package io.caasoperator.app.juju;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code juju show-unit --format json|yaml}: each unit as Juju 3.6 shows it (juju/juju {@code
 * cmd/juju/application/showunit.go}, {@code UnitInfo} and {@code RelationData}; the relation data
 * as {@code apiserver/facades/client/application/application.go} {@code relationData} gathers it),
 * the shape jubilant's {@code unittypes.py} reads. Pure: from the model's operator report ({@code
 * GET /v1/status}) and the status {@link JujuStatus} makes of it.
 *
 * <p>For each relation of the unit's application: {@code application-data} is the <em>related</em>
 * application's databag, {@code related-units} every unit of the related application with whether
 * it is in scope and, when it is, its databag; in a peer relation the unit itself is {@code
 * local-unit} and its peers are the related units.
 *
 * @param endpoint only relations of this endpoint ({@code --endpoint}), or empty
 * @param relatedUnit only this related unit ({@code --related-unit}), or empty
 * @param applicationOnly only the application data ({@code --app})
 */
record UnitInfos(String endpoint, String relatedUnit, boolean applicationOnly) {

  static final UnitInfos ALL = new UnitInfos("", "", false);

  /**
   * {@code {UNIT: info}} for each of {@code units}, in {@code format} (JSON writes Go's zero {@code
   * local-unit} of a regular relation, YAML omits it, as Go's encoders do).
   *
   * @param report the operator's report
   * @param status the Juju status made of it
   * @throws JujuFailure {@code unit "x/0" not found} for a unit neither has
   */
  ObjectNode of(JsonNode report, JsonNode status, List<String> units, String format) {
    ObjectNode all = Output.JSON.createObjectNode();
    for (String unit : units) all.set(unit, one(report, status, unit, format.equals("json")));
    return all;
  }

  private ObjectNode one(JsonNode report, JsonNode status, String unit, boolean json) {
    String application = unit.substring(0, unit.indexOf('/'));
    JsonNode app = status.path("applications").path(application);
    JsonNode shown = app.path("units").path(unit);
    if (shown.isMissingNode()) throw new JujuFailure("unit \"" + unit + "\" not found");
    ObjectNode info = Output.JSON.createObjectNode();
    if (app.hasNonNull("version")) info.put("workload-version", app.path("version").asText());
    info.set(
        "opened-ports",
        shown.path("open-ports").isArray()
            ? shown.path("open-ports").deepCopy()
            : Output.JSON.createArrayNode());
    info.put("charm", app.path("charm").asText());
    info.put("leader", shown.path("leader").asBoolean(false));
    if (shown.hasNonNull("life")) info.put("life", shown.path("life").asText());
    ArrayNode relations = Output.JSON.createArrayNode();
    Map<String, JsonNode> views = JujuStatus.reported(Optional.of(report));
    JsonNode view = views.get(application);
    if (view != null) {
      for (JsonNode relation : view.path("relations"))
        relationData(report, views, application, unit, relation, json).ifPresent(relations::add);
    }
    if (!relations.isEmpty()) info.set("relation-info", relations);
    info.put("provider-id", shown.path("provider-id").asText(unit.replace('/', '-')));
    if (shown.hasNonNull("address")) info.put("address", shown.path("address").asText());
    return info;
  }

  private Optional<ObjectNode> relationData(
      JsonNode report,
      Map<String, JsonNode> views,
      String application,
      String unit,
      JsonNode relation,
      boolean json) {
    String ownEndpoint = relation.path("endpoint").asText();
    if (!endpoint.isEmpty() && !endpoint.equals(ownEndpoint)) return Optional.empty();
    boolean peer = relation.path("type").asText().equals("peer");
    String id = relation.path("id").asText();
    int number = Integer.parseInt(id.substring(id.lastIndexOf(':') + 1));
    ObjectNode rd = Output.JSON.createObjectNode();
    rd.put("relation-id", number);
    rd.put("endpoint", ownEndpoint);
    rd.put(
        "related-endpoint",
        peer ? ownEndpoint : relatedEndpoint(report, number, application).orElse(""));
    JsonNode appData =
        peer ? relation.path("applicationData") : relation.path("remoteApplicationData");
    rd.set("application-data", appData.isObject() ? appData.deepCopy() : object());
    ObjectNode local = null;
    ObjectNode related = object();
    if (!applicationOnly) {
      String remote = relation.path("remoteApplication").asText(application);
      JsonNode inScope = peer ? relation.path("units") : relation.path("remoteUnits");
      JsonNode data = peer ? relation.path("unitData") : relation.path("remoteUnitData");
      for (String other : unitsOf(views.get(remote), inScope)) {
        if (!relatedUnit.isEmpty() && !other.equals(relatedUnit)) continue;
        boolean in = contains(inScope, other);
        ObjectNode urd = object();
        urd.put("in-scope", in);
        urd.set("data", in && data.path(other).isObject() ? data.path(other).deepCopy() : object());
        if (other.equals(unit)) local = urd;
        else related.set(other, urd);
      }
    }
    if (local != null) {
      rd.set("local-unit", local);
    } else if (json) {
      // Go's encoding/json writes a struct field tagged omitempty even when it is zero
      rd.putObject("local-unit").put("in-scope", false).putNull("data");
    }
    if (!related.isEmpty()) rd.set("related-units", related);
    boolean shown =
        endpoint.equals(ownEndpoint)
            || !rd.path("application-data").isEmpty()
            || !related.isEmpty()
            || (local != null && !local.path("data").isEmpty());
    return shown ? Optional.of(rd) : Optional.empty();
  }

  /** The related side's endpoint name, from the model's relations ({@code app:endpoint} pairs). */
  private static Optional<String> relatedEndpoint(JsonNode report, int number, String application) {
    for (JsonNode relation : report.path("relations")) {
      if (relation.path("id").asInt(-1) != number) continue;
      for (JsonNode end : relation.path("endpoints")) {
        String text = end.asText();
        int colon = text.indexOf(':');
        if (colon > 0 && !text.substring(0, colon).equals(application))
          return Optional.of(text.substring(colon + 1));
      }
    }
    return Optional.empty();
  }

  /**
   * Every unit of the related application (in natural order, as Juju sorts them), with those in
   * scope the operator has not reported as units yet.
   */
  private static List<String> unitsOf(JsonNode view, JsonNode inScope) {
    List<String> names = new ArrayList<>();
    if (view != null) view.path("units").forEach(u -> names.add(u.path("unit").asText()));
    inScope.forEach(
        u -> {
          if (!names.contains(u.asText())) names.add(u.asText());
        });
    names.sort(
        Comparator.comparing((String u) -> u.substring(0, u.indexOf('/')))
            .thenComparingLong(u -> Long.parseLong(u.substring(u.indexOf('/') + 1))));
    return names;
  }

  private static boolean contains(JsonNode names, String name) {
    for (JsonNode n : names) if (n.asText().equals(name)) return true;
    return false;
  }

  private static ObjectNode object() {
    return Output.JSON.createObjectNode();
  }
}
