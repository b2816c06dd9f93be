package io.caasoperator.app.juju;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;

/**
 * A task as {@code juju run} and {@code juju exec} print it with {@code --format json}: {@code
 * {UNIT: {id, status, unit, results: {..., return-code, stdout, stderr}, message, log, timing}}}
 * (juju/juju {@code cmd/juju/action/common.go}, the shape jubilant's {@code Task._from_dict}
 * reads). Pure.
 */
final class JujuTask {
  private JujuTask() {}

  /** Whether the operator's view of an action says it ended. */
  static boolean finished(JsonNode action) {
    return switch (action.path("status").asText()) {
      case "completed", "failed", "cancelled", "error", "aborted" -> true;
      default -> false;
    };
  }

  /**
   * The task of an exec: completed whatever its commands' code (Juju's exec task completes and
   * carries the code), under {@code id}, at {@code now}.
   */
  static ObjectNode ofExec(String id, String unit, JsonNode reply, Instant now) {
    ObjectNode task = Output.JSON.createObjectNode();
    task.put("id", id);
    ObjectNode results = task.putObject("results");
    results.put("return-code", reply.path("code").asInt());
    put(results, "stdout", reply.path("stdout").asText(""));
    put(results, "stderr", reply.path("stderr").asText(""));
    task.put("status", "completed");
    String at = now.toString();
    task.putObject("timing").put("completed", at).put("enqueued", at).put("started", at);
    task.put("unit", unit);
    return task;
  }

  /** The task of an action, from the operator's view of it ({@code GET /v1/actions/ID}). */
  static ObjectNode ofAction(String unit, JsonNode action) {
    ObjectNode task = Output.JSON.createObjectNode();
    task.put("id", action.path("id").asText());
    if (action.path("log").isArray() && !action.path("log").isEmpty()) {
      var lines = task.putArray("log");
      for (JsonNode line : action.path("log"))
        lines.add(line.path("at").asText() + " " + line.path("message").asText());
    }
    put(task, "message", action.path("message").asText(""));
    if (action.path("results").isObject() && !action.path("results").isEmpty())
      task.set("results", action.path("results").deepCopy());
    task.put("status", action.path("status").asText());
    ObjectNode timing = Output.JSON.createObjectNode();
    for (String when : new String[] {"completed", "enqueued", "started"}) {
      JsonNode at = action.path("timing").path(when);
      if (at.isTextual()) timing.put(when, at.asText());
    }
    if (!timing.isEmpty()) task.set("timing", timing);
    task.put("unit", unit);
    return task;
  }

  /**
   * An action as {@code juju operations --format json} shows the operation that ran it (juju/juju
   * {@code cmd/juju/action/listoperations.go}, {@code operationInfo}): one task, the operation's
   * number the task's.
   */
  static ObjectNode ofOperation(JsonNode action) {
    ObjectNode task = ofAction(action.path("unit").asText(), action);
    ObjectNode operation = Output.JSON.createObjectNode();
    operation.put("summary", summary(action));
    operation.put("status", task.path("status").asText());
    ObjectNode named = operation.putObject("action");
    named.put("name", action.path("action").asText());
    named.set(
        "parameters",
        action.path("parameters").isObject()
            ? action.path("parameters").deepCopy()
            : Output.JSON.createObjectNode());
    if (task.has("timing")) operation.set("timing", task.path("timing").deepCopy());
    ObjectNode info = operation.putObject("tasks").putObject(task.path("id").asText());
    info.put("host", action.path("unit").asText());
    info.put("status", task.path("status").asText());
    for (String field : new String[] {"timing", "log", "message", "results"})
      if (task.has(field)) info.set(field, task.path(field).deepCopy());
    return operation;
  }

  /** What Juju's operation summary says: {@code <action> run on unit-<app>-<n>}. */
  static String summary(JsonNode action) {
    return action.path("action").asText()
        + " run on unit-"
        + action.path("unit").asText().replace('/', '-');
  }

  /** Juju's words when a task did not complete well; exit code 1 follows them. */
  static String failed(JsonNode task) {
    JsonNode code = task.path("results").path("return-code");
    String id = task.path("id").asText();
    return "the following task failed:\n"
        + (code.isNumber() && code.asInt() != 0
            ? " - id \"" + id + "\" with return code " + code.asInt()
            : " - id \"" + id + "\" with status \"" + task.path("status").asText() + "\"")
        + "\n\nuse 'juju show-task' to inspect the failure";
  }

  /**
   * Juju's plain output of a task ({@code run}, {@code show-task}): the charm's results as YAML,
   * then what the action printed.
   */
  static String plain(JsonNode task) {
    ObjectNode results =
        task.path("results") instanceof ObjectNode r
            ? r.deepCopy()
            : Output.JSON.createObjectNode();
    String stdout = results.path("stdout").asText("");
    results.remove(java.util.List.of("return-code", "stdout", "stderr"));
    return (results.isEmpty() ? "" : Output.render(results, "yaml")) + stdout;
  }

  /** Whether a task completed with return code 0. */
  static boolean succeeded(JsonNode task) {
    return task.path("status").asText().equals("completed")
        && task.path("results").path("return-code").asInt(0) == 0;
  }

  private static void put(ObjectNode node, String key, String value) {
    if (!value.isEmpty()) node.put(key, value);
  }
}
