package io.caasoperator.app;

import com.fasterxml.jackson.databind.JsonNode;
import io.caasoperator.app.text.TextTable;
import java.util.ArrayList;
import java.util.List;

/**
 * Renders {@code GET /v1/status} as the table people read, in the spirit of {@code juju status}.
 */
final class StatusTable {
  private StatusTable() {}

  static String render(JsonNode status) {
    StringBuilder out = new StringBuilder();
    JsonNode charm = status.path("charm");
    out.append("App      ").append(status.path("application").asText()).append('\n');
    out.append("Status   ").append(statusText(status.path("status"))).append('\n');
    if (!charm.isMissingNode() && !charm.isNull()) {
      out.append("Charm    ")
          .append(charm.path("name").asText())
          .append(" (generation ")
          .append(charm.path("generation").asLong())
          .append(", ")
          .append(charm.path("url").asText())
          .append(", sha256 ")
          .append(
              charm.path("sha256").asText(),
              0,
              Math.min(12, charm.path("sha256").asText().length()))
          .append(")\n");
    }
    if (!status.path("workloadVersion").asText().isEmpty()) {
      out.append("Version  ").append(status.path("workloadVersion").asText()).append('\n');
    }
    JsonNode journal = status.path("journal");
    if (journal.has("available") && !journal.path("available").asBoolean()) {
      // Only an outage is worth a line: the unit rows below may be stale while it lasts.
      out.append("Journal  unavailable since ")
          .append(journal.path("since").asText())
          .append(": ")
          .append(journal.path("detail").asText())
          .append('\n');
    }
    out.append('\n');
    List<String[]> rows = new ArrayList<>();
    rows.add(new String[] {"Unit", "Life", "Agent", "Workload", "Ports", "Last hook"});
    for (JsonNode unit : status.path("units")) {
      String name = unit.path("unit").asText() + (unit.path("leader").asBoolean() ? "*" : "");
      String hook =
          unit.path("runningHook").isTextual()
              ? unit.path("runningHook").asText() + " (running)"
              : unit.path("lastHook").isTextual()
                  ? unit.path("lastHook").asText()
                      + " ("
                      + unit.path("lastHookOutcome").asText()
                      + ")"
                  : "";
      List<String> ports = new ArrayList<>();
      unit.path("ports").forEach(p -> ports.add(p.asText()));
      rows.add(
          new String[] {
            name,
            unit.path("life").asText(),
            statusText(unit.path("agentStatus")),
            statusText(unit.path("workloadStatus")),
            String.join(",", ports),
            hook
          });
    }
    out.append(TextTable.render(rows));
    if (!status.path("relations").isEmpty()) {
      List<String[]> relations = new ArrayList<>();
      relations.add(new String[] {"Relation", "Interface", "Type", "Units"});
      for (JsonNode relation : status.path("relations")) {
        List<String> units = new ArrayList<>();
        relation.path("units").forEach(u -> units.add(u.asText()));
        relations.add(
            new String[] {
              relation.path("id").asText(),
              relation.path("interfaceName").asText(),
              relation.path("type").asText(),
              String.join(",", units)
            });
      }
      out.append('\n');
      out.append(TextTable.render(relations));
    }
    return out.toString();
  }

  private static String statusText(JsonNode s) {
    String value = s.path("value").asText();
    String message = s.path("message").asText();
    return message.isEmpty() ? value : value + ": " + message;
  }
}
