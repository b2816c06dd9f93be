package io.caasoperator.unitcontext;

import io.caasoperator.hooktool.ToolCall;
import io.caasoperator.hooktool.ToolEffect;
import io.caasoperator.hooktool.ToolFailure;
import io.caasoperator.hooktool.ToolOutcome;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** {@code juju-log} and {@code application-version-set}: what a charm tells its operator. */
public final class LogTools {

  /** loggo's level names, with the spellings it also accepts. */
  private static final Map<String, String> LEVELS =
      Map.of(
          "TRACE",
          "TRACE",
          "DEBUG",
          "DEBUG",
          "INFO",
          "INFO",
          "WARN",
          "WARNING",
          "WARNING",
          "WARNING",
          "ERROR",
          "ERROR",
          "CRITICAL",
          "CRITICAL");

  private LogTools() {}

  public static ToolOutcome log(ToolCall call) {
    if (call.positionals().isEmpty()) {
      throw ToolFailure.usage("no message specified");
    }
    String message = String.join(" ", call.positionals());
    List<ToolEffect> effects = new ArrayList<>();
    String level = "INFO";
    if (call.args().isSet("debug")) {
      level = "DEBUG";
    } else if (call.args().values().containsKey("log-level")) {
      String asked = call.args().values().get("log-level");
      String known = LEVELS.get(asked.toUpperCase(Locale.ROOT));
      if (known == null) {
        // Juju logs the message anyway, at INFO, after a warning: a log line is never lost.
        effects.add(
            new ToolEffect.Logged(
                "WARNING", "Specified log level of " + ToolCall.quote(asked) + " is not valid"));
      } else {
        level = known;
      }
    }
    effects.add(new ToolEffect.Logged(level, message));
    String stderr =
        call.args().values().containsKey("format")
            ? "--format flag deprecated for command \"juju-log\"\n"
            : "";
    return new ToolOutcome(0, "", stderr, effects);
  }

  public static ToolOutcome versionSet(ToolCall call) {
    String version = call.first("version");
    call.noArgumentsFrom(1);
    return ToolOutcome.applied(List.of(new ToolEffect.WorkloadVersionSet(version)));
  }
}
