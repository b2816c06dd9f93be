package io.caasoperator.app;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import io.caasoperator.app.text.TextTable;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Charm actions as the CLI prints them, in the shape of Juju's {@code juju run} and {@code juju
 * show-task} ({@code cmd/juju/action/runcommandbase.go} {@code formatActionResult}): {@code id} (a
 * string), {@code status}, {@code message} when there is one, {@code results} ({@code return-code},
 * {@code stdout}, {@code stderr} included), {@code log} (each message after its time), {@code
 * timing} ({@code enqueued}, {@code started}, {@code completed}) and {@code unit}; keys sorted as
 * Go writes maps; times as Go prints them ({@code 2026-11-22 10:15:30 +0000 UTC}), always in UTC
 * (Juju's {@code --utc}).
 */
final class ActionOutput {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final ObjectMapper YAML =
      new ObjectMapper(
          new YAMLFactory()
              .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
              .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
              .enable(YAMLGenerator.Feature.ALWAYS_QUOTE_NUMBERS_AS_STRINGS));
  private static final DateTimeFormatter GO_TIME =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");
  private static final DateTimeFormatter PLAIN_TIME =
      DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss");

  private ActionOutput() {}

  /** The formats every action command takes. */
  static boolean knownFormat(String format) {
    return format.equals("yaml") || format.equals("json");
  }

  /** One action of the API ({@code ActionView} JSON) as {@code juju show-task} shows a task. */
  static Map<String, Object> task(JsonNode action) {
    Map<String, Object> task = new TreeMap<>();
    task.put("id", action.path("id").asText());
    task.put("status", action.path("status").asText());
    task.put("unit", action.path("unit").asText());
    if (!action.path("message").asText().isEmpty())
      task.put("message", action.path("message").asText());
    if (action.path("results").isObject() && !action.path("results").isEmpty()) {
      task.put("results", sorted(action.path("results")));
    }
    List<String> log = new ArrayList<>();
    for (JsonNode line : action.path("log")) {
      log.add(goTime(line.path("at").asText()) + " " + line.path("message").asText());
    }
    if (!log.isEmpty()) task.put("log", log);
    Map<String, Object> timing = new TreeMap<>();
    for (String when : List.of("enqueued", "started", "completed")) {
      JsonNode at = action.path("timing").path(when);
      if (at.isTextual()) timing.put(when, goTime(at.asText()));
    }
    if (!timing.isEmpty()) task.put("timing", timing);
    return task;
  }

  /** {@code value} written as {@code format} (yaml or json), ending with a line break. */
  static String write(Object value, String format) {
    try {
      return format.equals("json")
          ? JSON.writeValueAsString(value) + "\n"
          : YAML.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write " + format, e);
    }
  }

  /** Whether the action has ended for good. */
  static boolean finished(JsonNode action) {
    return switch (action.path("status").asText()) {
      case "completed", "failed", "cancelled" -> true;
      default -> false;
    };
  }

  /** The list-actions table: one line per action, oldest first. */
  static String table(JsonNode actions) {
    List<String[]> rows = new ArrayList<>();
    rows.add(new String[] {"Id", "Unit", "Action", "Status", "Started", "Finished", "Message"});
    for (JsonNode a : actions) {
      rows.add(
          new String[] {
            a.path("id").asText(),
            a.path("unit").asText(),
            a.path("action").asText(),
            a.path("status").asText(),
            plainTime(a.path("timing").path("started")),
            plainTime(a.path("timing").path("completed")),
            a.path("message").asText()
          });
    }
    return TextTable.render(rows);
  }

  /**
   * Go's {@code time.Time.String()} of an ISO-8601 instant, in UTC: {@code 2026-11-22 10:15:30.5
   * +0000 UTC}.
   */
  static String goTime(String iso) {
    Instant at;
    try {
      at = Instant.parse(iso);
    } catch (DateTimeParseException e) {
      return iso;
    }
    String fraction =
        at.getNano() == 0 ? "" : ("." + String.format("%09d", at.getNano())).replaceAll("0+$", "");
    return GO_TIME.format(at.atOffset(ZoneOffset.UTC)) + fraction + " +0000 UTC";
  }

  private static String plainTime(JsonNode iso) {
    if (!iso.isTextual()) return "";
    try {
      return PLAIN_TIME.format(Instant.parse(iso.asText()).atOffset(ZoneOffset.UTC));
    } catch (DateTimeParseException e) {
      return iso.asText();
    }
  }

  /** A JSON value with every object's keys sorted, as plain Java values. */
  private static Object sorted(JsonNode node) {
    if (node.isObject()) {
      Map<String, Object> map = new TreeMap<>();
      for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> field = it.next();
        map.put(field.getKey(), sorted(field.getValue()));
      }
      return map;
    }
    if (node.isArray()) {
      List<Object> list = new ArrayList<>();
      for (JsonNode item : node) list.add(sorted(item));
      return list;
    }
    return JSON.convertValue(node, Object.class);
  }
}
