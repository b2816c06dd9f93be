package io.caasoperator.app;

import com.fasterxml.jackson.databind.JsonNode;
import io.caasoperator.app.text.TextTable;
import java.util.ArrayList;
import java.util.List;

/**
 * Renders a model's {@code GET /v1/status} as {@code juju status} lays a model out: its
 * applications (charm, scale, status, leader), then every unit, then its integrations (provider,
 * requirer, interface, type, id).
 */
final class ModelStatusTable {
  private ModelStatusTable() {}

  /** Whether {@code status} is a model's (a single application's has no {@code model}). */
  static boolean isModel(JsonNode status) {
    return status.has("model") && status.path("applications").isArray();
  }

  static String render(JsonNode status) {
    StringBuilder out = new StringBuilder();
    out.append("Model  ").append(status.path("model").asText()).append("\n\n");
    List<String[]> applications = new ArrayList<>();
    applications.add(new String[] {"App", "Charm", "Scale", "Status", "Leader"});
    List<String[]> units = new ArrayList<>();
    units.add(new String[] {"Unit", "Life", "Agent", "Workload", "Last hook"});
    for (JsonNode application : status.path("applications")) {
      int alive = 0;
      for (JsonNode unit : application.path("units")) {
        if ("alive".equals(unit.path("life").asText())) alive++;
        units.add(
            new String[] {
              unit.path("unit").asText() + (unit.path("leader").asBoolean() ? "*" : ""),
              unit.path("life").asText(),
              text(unit.path("agentStatus")),
              text(unit.path("workloadStatus")),
              lastHook(unit)
            });
      }
      applications.add(
          new String[] {
            application.path("application").asText(),
            application.path("charm").path("name").asText(""),
            String.valueOf(alive),
            text(application.path("status")),
            application.path("leader").asText("")
          });
    }
    out.append(TextTable.render(applications)).append('\n').append(TextTable.render(units));
    if (!status.path("relations").isEmpty()) {
      List<String[]> relations = new ArrayList<>();
      relations.add(new String[] {"Integration provider", "Requirer", "Interface", "Type", "Id"});
      for (JsonNode relation : status.path("relations")) {
        JsonNode ends = relation.path("endpoints");
        // the requirer comes first in a relation's endpoints; a peer relation has one
        String requirer = ends.path(0).asText();
        String provider = ends.size() > 1 ? ends.path(1).asText() : requirer;
        relations.add(
            new String[] {
              provider,
              requirer,
              relation.path("interface").asText(),
              relation.path("type").asText(),
              relation.path("id").asText()
            });
      }
      out.append('\n').append(TextTable.render(relations));
    }
    return out.toString();
  }

  private static String lastHook(JsonNode unit) {
    if (unit.path("runningHook").isTextual())
      return unit.path("runningHook").asText() + " (running)";
    if (unit.path("lastHook").isTextual())
      return unit.path("lastHook").asText() + " (" + unit.path("lastHookOutcome").asText() + ")";
    return "";
  }

  private static String text(JsonNode s) {
    String value = s.path("value").asText();
    String message = s.path("message").asText();
    return message.isEmpty() ? value : value + ": " + message;
  }
}
