package io.caasoperator.app;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Iterator;
import java.util.Map;

/**
 * What {@code show-relation} prints, from {@code GET /v1/status}: pure. For one application, its
 * relations with their databags as its operator records them; for a model, the model's relations,
 * each with every side's databags (its application's and each unit's), so both ends of a relation
 * between applications show at once. With a unit, each relation as that unit's charm reads it, in
 * Juju's {@code show-unit} relation-info layout: its own databag ({@code local-unit}), the other
 * units' ({@code related-units}: the other application's in a relation between applications) and
 * the application databag it reads (the other application's, in such a relation).
 */
final class RelationsShown {
  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

  private RelationsShown() {}

  /**
   * @param unit the unit whose view to show; null for the relations as recorded
   */
  static ObjectNode of(JsonNode status, String unit) {
    ObjectNode shown = JSON.objectNode();
    if (!status.has("applications")) {
      for (JsonNode relation : status.path("relations"))
        shown.set(relation.path("id").asText(), unit == null ? relation : asSeenBy(relation, unit));
      return shown;
    }
    if (unit != null) {
      String application = unit.contains("/") ? unit.substring(0, unit.indexOf('/')) : unit;
      for (JsonNode app : status.path("applications"))
        if (app.path("application").asText().equals(application))
          for (JsonNode relation : app.path("relations"))
            shown.set(relation.path("id").asText(), asSeenBy(relation, unit));
      return shown;
    }
    for (JsonNode relation : status.path("relations")) {
      ObjectNode entry = relation.deepCopy();
      ObjectNode databags = entry.putObject("databags");
      for (JsonNode app : status.path("applications")) {
        for (JsonNode side : app.path("relations")) {
          if (!relationNumber(side).equals(relation.path("id").asText())) continue;
          ObjectNode bags = databags.putObject(app.path("application").asText());
          bags.set("application-data", side.path("applicationData"));
          bags.set("units", side.path("unitData"));
        }
      }
      shown.set(relation.path("id").asText(), entry);
    }
    return shown;
  }

  /** A relation's number: a model's relations carry it as {@code id}, a unit's as {@code ep:N}. */
  private static String relationNumber(JsonNode relation) {
    String id = relation.path("id").asText();
    return id.substring(id.lastIndexOf(':') + 1);
  }

  /** The relation as {@code unit}'s hooks read it. */
  private static JsonNode asSeenBy(JsonNode relation, String unit) {
    boolean peer = !"regular".equals(relation.path("type").asText());
    ObjectNode seen = JSON.objectNode();
    seen.put("endpoint", relation.path("endpoint").asText());
    seen.put("interface", relation.path("interfaceName").asText());
    seen.put("type", relation.path("type").asText());
    seen.put("related-application", relation.path("remoteApplication").asText());
    seen.set("application-data", relation.path(peer ? "applicationData" : "remoteApplicationData"));
    seen.set("local-unit", relation.path("unitData").path(unit));
    ObjectNode related = seen.putObject("related-units");
    Iterator<Map.Entry<String, JsonNode>> others =
        relation.path(peer ? "unitData" : "remoteUnitData").fields();
    while (others.hasNext()) {
      Map.Entry<String, JsonNode> other = others.next();
      if (!other.getKey().equals(unit)) related.set(other.getKey(), other.getValue());
    }
    ArrayNode inScope = seen.putArray("in-scope");
    relation.path("units").forEach(inScope::add);
    if (!peer) relation.path("remoteUnits").forEach(inScope::add);
    return seen;
  }
}
