package io.caasoperator.app;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.caasoperator.app.text.TextTable;
import io.caasoperator.domain.UnitId;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Renders {@code ReplayedStatus} JSON: where the replay stopped, the status table, each unit's
 * operation state.
 */
final class ReplayText {
  private ReplayText() {}

  /** The state narrowed to one unit (null: unchanged). */
  static JsonNode only(JsonNode state, UnitId unit) {
    if (unit == null) return state;
    ObjectNode copy = state.deepCopy();
    ArrayNode views = ((ObjectNode) copy.path("status")).putArray("units");
    for (JsonNode view : state.path("status").path("units"))
      if (view.path("unit").asText().equals(unit.name())) views.add(view);
    ObjectNode units = copy.putObject("units");
    if (state.path("units").has(unit.name()))
      units.set(unit.name(), state.path("units").path(unit.name()));
    return copy;
  }

  static String render(JsonNode state) {
    StringBuilder out = new StringBuilder();
    out.append("At offset ")
        .append(state.path("offset").asLong())
        .append(
            state.path("time").isNull() || state.path("time").isMissingNode()
                ? ""
                : " (" + state.path("time").asText() + ")")
        .append(", after ")
        .append(state.path("events").asLong())
        .append(" event(s)\n\n");
    out.append(StatusTable.render(state.path("status")));
    List<String[]> rows = new ArrayList<>();
    rows.add(
        new String[] {
          "Unit",
          "Life",
          "Installed",
          "Started",
          "Leader",
          "Charm",
          "Config",
          "Pending hook",
          "Failed hook"
        });
    for (Iterator<Map.Entry<String, JsonNode>> it = state.path("units").fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      JsonNode u = e.getValue();
      JsonNode progress = u.path("progress");
      JsonNode assigned = u.path("assigned");
      JsonNode running = u.path("hooks").path("running");
      JsonNode failed = u.path("hooks").path("failed");
      rows.add(
          new String[] {
            e.getKey(),
            u.path("life").asText(),
            yesNo(progress.path("installed")),
            yesNo(progress.path("started")),
            yesNo(assigned.path("leader")),
            progress.path("charmInUse").isObject()
                ? "gen " + progress.path("charmInUse").path("generation").asLong()
                : "-",
            progress.path("configSeen").asLong() + "/" + assigned.path("configGeneration").asLong(),
            running.isObject()
                ? hookName(running.path("hook"))
                    + " (attempt "
                    + running.path("attempt").asInt()
                    + ")"
                : "-",
            failed.isObject()
                ? hookName(failed.path("hook"))
                    + " (attempt "
                    + failed.path("attempt").asInt()
                    + ", exit "
                    + failed.path("exitCode").asInt()
                    + ")"
                : "-"
          });
    }
    if (rows.size() > 1) out.append('\n').append(TextTable.render(rows));
    return out.toString();
  }

  private static String hookName(JsonNode hook) {
    String kind = hook.path("kind").asText();
    return kind.equals("pebble-ready") ? hook.path("workload").asText() + "-pebble-ready" : kind;
  }

  private static String yesNo(JsonNode flag) {
    return flag.asBoolean() ? "yes" : "no";
  }
}
