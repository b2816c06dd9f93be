package io.caasoperator.app.juju;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code juju debug-log}'s lines from a model's operator log ({@code <model>/operator.log}, the
 * operator's standard error in its text or JSON form): the records a charm author reads in Juju's
 * debug log, in Juju's words and line format (juju/juju {@code cmd/juju/commands/debuglog.go},
 * {@code writeLogRecord}: {@code <entity>: <time> <LEVEL> <module> <message>}). Pure.
 *
 * <ul>
 *   <li>a hook that completed: {@code unit-kv-store-0: 12:34:56 INFO juju.worker.uniter.operation
 *       ran "install" hook (via hook dispatching script: dispatch)};
 *   <li>a hook that failed: {@code ERROR juju.worker.uniter.operation hook "install" (via hook
 *       dispatching script: dispatch) failed: <why>};
 *   <li>a charm's {@code juju-log}: {@code <LEVEL> unit.kv-store/0.juju-log <message>}, at the
 *       level the charm chose (as far as the operator's log level lets it through: DEBUG lines only
 *       when the operator logs at DEBUG).
 * </ul>
 *
 * Every other line of the operator's log is the operator's own and is not shown.
 */
final class DebugLogLines {
  private DebugLogLines() {}

  /** One record as Juju's debug log carries it. */
  record Record(Instant at, String entity, String level, String module, String message) {}

  /** A line of the operator's text log: {@code <ISO time> <LEVEL> <logger> - <message>}. */
  private static final Pattern TEXT = Pattern.compile("^(\\S+) +([A-Z]+) +(\\S+) - (.*)$");

  private static final Pattern COMPLETED =
      Pattern.compile("^unit (\\S+/\\d+) hook (\\S+) completed in \\d+ ms$");

  /** The text form appends the hook's output as {@code stderr="..."}: not part of the reason. */
  private static final Pattern FAILED =
      Pattern.compile(
          "^unit (\\S+/\\d+) hook (\\S+) failed after \\d+ ms: (.*?)(?: stderr=\".*)?$");

  /** {@code UnitToolCall.write}: {@code unit <unit> <hook, "exec" or "<name> action">: <text>}. */
  private static final Pattern JUJU_LOG =
      Pattern.compile("^unit (\\S+/\\d+) (\\S+(?: action)?): (.*)$");

  /** Juju's (loggo's) levels in order; the operator's WARN is Juju's WARNING. */
  static final List<String> LEVELS = List.of("TRACE", "DEBUG", "INFO", "WARNING", "ERROR");

  private static final Map<String, String> OPERATOR_LEVELS =
      Map.of("WARN", "WARNING", "FATAL", "ERROR", "CRITICAL", "ERROR");

  /** The logger {@code juju-log} lines are written with ({@code unit.UnitToolCall.write}). */
  private static final String CHARM_LOGGER = "UnitActor";

  private static final String UNITER = "juju.worker.uniter.operation";
  private static final String VIA = " (via hook dispatching script: dispatch)";

  /** The record a line of the operator's log is to Juju's debug log, if it is one. */
  static Optional<Record> parse(String line) {
    String time;
    String level;
    String logger;
    String message;
    if (line.startsWith("{")) {
      JsonNode json;
      try {
        json = Output.JSON.readTree(line);
      } catch (IOException e) {
        return Optional.empty();
      }
      time = json.path("@timestamp").asText();
      level = json.path("level").asText();
      logger = json.path("logger_name").asText();
      message = json.path("message").asText();
    } else {
      Matcher text = TEXT.matcher(line);
      if (!text.matches()) return Optional.empty();
      time = text.group(1);
      level = text.group(2);
      logger = text.group(3);
      message = text.group(4);
    }
    Instant at;
    try {
      at = OffsetDateTime.parse(time).toInstant();
    } catch (DateTimeParseException e) {
      return Optional.empty();
    }
    level = OPERATOR_LEVELS.getOrDefault(level, level);
    Matcher m = COMPLETED.matcher(message);
    if (m.matches())
      return Optional.of(
          new Record(at, tag(m.group(1)), "INFO", UNITER, "ran \"" + m.group(2) + "\" hook" + VIA));
    m = FAILED.matcher(message);
    if (m.matches())
      return Optional.of(
          new Record(
              at,
              tag(m.group(1)),
              "ERROR",
              UNITER,
              "hook \"" + m.group(2) + "\"" + VIA + " failed: " + m.group(3)));
    m = JUJU_LOG.matcher(message);
    // only the charm's words: other records of the operator may start the same way
    if (m.matches() && (logger.equals(CHARM_LOGGER) || logger.endsWith("." + CHARM_LOGGER)))
      return Optional.of(
          new Record(at, tag(m.group(1)), level, "unit." + m.group(1) + ".juju-log", m.group(3)));
    return Optional.empty();
  }

  /** A unit's tag, as Juju names the entity of a log record: {@code unit-kv-store-0}. */
  static String tag(String unit) {
    return "unit-" + unit.replace('/', '-');
  }

  /**
   * The line Juju prints: {@code <entity>: <time> <LEVEL> <module> <message>}, the time as {@code
   * 15:04:05} ({@code --date} adds the date, {@code --ms} milliseconds) in {@code zone}.
   */
  static String format(Record record, ZoneId zone, boolean date, boolean millis) {
    String pattern = (date ? "yyyy-MM-dd HH:mm:ss" : "HH:mm:ss") + (millis ? ".SSS" : "");
    String time =
        DateTimeFormatter.ofPattern(pattern, Locale.ROOT).withZone(zone).format(record.at());
    return record.entity()
        + ": "
        + time
        + " "
        + record.level()
        + " "
        + record.module()
        + " "
        + record.message();
  }

  /**
   * Which records are shown: at {@code level} or more severe, of an {@code include}d entity (none:
   * all) and no {@code exclude}d one, of an included module and no excluded one. Entities are as
   * Juju's {@code parseEntity} turns them into tags: {@code kv-store/0} is {@code unit-kv-store-0},
   * {@code kv-store} every unit of it; {@code *} matches anything; a module matches itself and the
   * modules below it ({@code unit} matches {@code unit.kv-store/0.juju-log}).
   */
  record Filter(
      String level,
      List<String> include,
      List<String> exclude,
      List<String> includeModules,
      List<String> excludeModules) {

    static final Filter ALL = new Filter("", List.of(), List.of(), List.of(), List.of());

    Filter {
      include = include.stream().map(Filter::entity).toList();
      exclude = exclude.stream().map(Filter::entity).toList();
      includeModules = List.copyOf(includeModules);
      excludeModules = List.copyOf(excludeModules);
    }

    boolean shows(Record record) {
      if (!level.isEmpty() && LEVELS.indexOf(record.level()) < LEVELS.indexOf(level)) return false;
      if (!include.isEmpty() && include.stream().noneMatch(e -> glob(e, record.entity())))
        return false;
      if (exclude.stream().anyMatch(e -> glob(e, record.entity()))) return false;
      if (!includeModules.isEmpty()
          && includeModules.stream().noneMatch(m -> module(m, record.module()))) return false;
      return excludeModules.stream().noneMatch(m -> module(m, record.module()));
    }

    private static String entity(String given) {
      if (given.contains("*") || given.startsWith("unit-")) return given;
      if (given.matches(".+/\\d+")) return tag(given);
      return "unit-" + given + "-*";
    }

    private static boolean module(String wanted, String module) {
      return module.equals(wanted) || module.startsWith(wanted + ".");
    }

    private static boolean glob(String pattern, String text) {
      return Pattern.compile(
              Pattern.quote(pattern).replace("*", "\\E.*\\Q"), Pattern.CASE_INSENSITIVE)
          .matcher(text)
          .matches();
    }
  }
}
