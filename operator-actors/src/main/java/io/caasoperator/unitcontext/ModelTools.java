package io.caasoperator.unitcontext;

import io.caasoperator.domain.Life;
import io.caasoperator.hooktool.OutputFormat;
import io.caasoperator.hooktool.PeerUnit;
import io.caasoperator.hooktool.ToolCall;
import io.caasoperator.hooktool.ToolFailure;
import io.caasoperator.hooktool.ToolOutcome;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a unit reads about its model: {@code goal-state} and {@code unit-get} (the addresses its
 * substrate gives, {@link io.caasoperator.hooktool.ToolContext#addresses}). Relations are {@code
 * relation.RelationTools}'.
 */
public final class ModelTools {

  /** Go's RFC 3339 to the second, as Juju prints goal-state's {@code since}. */
  private static final DateTimeFormatter SINCE =
      DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss'Z'").withZone(ZoneOffset.UTC);

  private ModelTools() {}

  public static ToolOutcome goalState(ToolCall call) {
    call.noArgumentsFrom(0);
    // goal-state has no smart format and prints YAML by default.
    OutputFormat format =
        call.format(OutputFormat.YAML, List.of(OutputFormat.YAML, OutputFormat.JSON));
    Map<String, Object> units = new LinkedHashMap<>();
    for (PeerUnit unit : call.ctx().units()) {
      Map<String, Object> state = new LinkedHashMap<>();
      // ops' planned_units counts every unit whose status is not "dying".
      state.put("status", unit.life() == Life.ALIVE ? unit.status().value() : "dying");
      if (unit.status().since() != null) {
        state.put("since", SINCE.format(unit.status().since().truncatedTo(ChronoUnit.SECONDS)));
      }
      units.put(unit.unit().name(), state);
    }
    Map<String, Object> goal = new LinkedHashMap<>();
    goal.put("units", units);
    goal.put("relations", Map.of());
    return ToolOutcome.printed(format.write(goal));
  }

  public static ToolOutcome unitGet(ToolCall call) {
    String setting = call.first("setting");
    String value =
        switch (setting) {
          case "private-address" -> call.ctx().addresses().privateAddress();
          case "public-address" -> call.ctx().addresses().publicAddress();
          default -> throw ToolFailure.usage("unknown setting " + ToolCall.quote(setting));
        };
    call.noArgumentsFrom(1);
    if (value.isEmpty()) {
      // Juju's network.NoAddressError, for a unit whose pod has no address yet.
      throw ToolFailure.failed("no " + setting.substring(0, setting.indexOf('-')) + " address(es)");
    }
    return ToolOutcome.printed(call.format().write(value));
  }
}
