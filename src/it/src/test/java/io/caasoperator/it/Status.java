package io.caasoperator.it;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;

/**
 * The body of {@code GET /v1/status}, with the reads the tests need; {@link #json()} for the rest.
 */
record Status(JsonNode json) {

  /** The application status value: {@code active}, {@code blocked}, {@code maintenance}... */
  String application() {
    return json.path("status").path("value").asText();
  }

  String applicationMessage() {
    return json.path("status").path("message").asText();
  }

  String leader() {
    return json.path("leader").asText(null);
  }

  long charmGeneration() {
    return json.path("charm").path("generation").asLong();
  }

  long configGeneration() {
    return json.path("configGeneration").asLong();
  }

  /** The unit names in the order the operator lists them. */
  List<String> unitNames() {
    List<String> names = new ArrayList<>();
    json.path("units").forEach(unit -> names.add(unit.path("unit").asText()));
    return names;
  }

  /** The workload status value a unit's charm set ({@code status-set}): {@code active}... */
  String workload(String unit) {
    return unit(unit).path("workloadStatus").path("value").asText();
  }

  String workloadMessage(String unit) {
    return unit(unit).path("workloadStatus").path("message").asText();
  }

  JsonNode unit(String name) {
    for (JsonNode unit : json.path("units")) {
      if (name.equals(unit.path("unit").asText())) {
        return unit;
      }
    }
    throw new NoSuchElementException("no unit " + name + " in " + json);
  }

  /**
   * True when every listed unit is alive, idle and runs no hook. A unit is also idle for a moment
   * between two queued hooks: check the hooks logs have settled first ({@link Expect#hooks}).
   */
  boolean allUnitsIdle() {
    for (JsonNode unit : json.path("units")) {
      if (!"alive".equals(unit.path("life").asText())
          || !"idle".equals(unit.path("agentStatus").path("value").asText())
          || !(unit.path("runningHook").isNull() || unit.path("runningHook").isMissingNode())) {
        return false;
      }
    }
    return true;
  }

  @Override
  public String toString() {
    return json.toString();
  }
}
