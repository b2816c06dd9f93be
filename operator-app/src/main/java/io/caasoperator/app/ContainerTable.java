package io.caasoperator.app;

import com.fasterxml.jackson.databind.JsonNode;
import io.caasoperator.app.text.TextTable;
import java.util.ArrayList;
import java.util.List;

/**
 * Renders units' containers ({@code GET /v1/units/{app}/{n}/containers}, the local substrate's
 * Pebbles) below the status table: one row per service and per check, as {@code pebble services}
 * and {@code pebble checks} show them; a container whose Pebble does not answer yet says so.
 */
final class ContainerTable {
  private ContainerTable() {}

  /** Empty when no unit has a container here. */
  static String render(List<JsonNode> units) {
    List<String[]> rows = new ArrayList<>();
    rows.add(
        new String[] {
          "Unit", "Container", "Service/check", "Startup/level", "Current", "Since/failures"
        });
    for (JsonNode unit : units) {
      for (JsonNode container : unit.path("containers")) {
        String name = unit.path("unit").asText();
        String c = container.path("name").asText();
        if (!container.path("ready").asBoolean()) {
          String problem = container.path("problem").asText("");
          rows.add(
              new String[] {
                name,
                c,
                "",
                "",
                problem.isEmpty()
                    ? "(Pebble not answering yet)"
                    : "(Pebble cannot start: " + problem + ")",
                ""
              });
          continue;
        }
        if (container.path("services").isEmpty() && container.path("checks").isEmpty()) {
          rows.add(new String[] {name, c, "", "", "(no services)", ""});
        }
        for (JsonNode s : container.path("services")) {
          rows.add(
              new String[] {
                name,
                c,
                s.path("name").asText(),
                s.path("startup").asText(),
                s.path("current").asText(),
                s.path("since").isTextual() ? s.path("since").asText() : ""
              });
        }
        for (JsonNode k : container.path("checks")) {
          rows.add(
              new String[] {
                name,
                c,
                "check " + k.path("name").asText(),
                k.path("level").asText(),
                k.path("status").asText(),
                k.path("failures").asInt() + "/" + k.path("threshold").asInt()
              });
        }
      }
    }
    if (rows.size() == 1) return "";
    return "\n" + TextTable.render(rows);
  }
}
