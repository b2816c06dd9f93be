package io.caasoperator.unitcontext;

import io.caasoperator.domain.Status;
import io.caasoperator.hooktool.OutputFormat;
import io.caasoperator.hooktool.PeerUnit;
import io.caasoperator.hooktool.ToolCall;
import io.caasoperator.hooktool.ToolContext;
import io.caasoperator.hooktool.ToolEffect;
import io.caasoperator.hooktool.ToolFailure;
import io.caasoperator.hooktool.ToolOutcome;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** {@code status-set} and {@code status-get}: the unit's workload status and the application's. */
public final class StatusTools {

  /** What a charm may set; {@code error} and {@code unknown} belong to the agent. */
  static final List<String> SETTABLE = List.of("maintenance", "blocked", "waiting", "active");

  /** Juju's wording for a non-leader touching the application status. */
  static final String NOT_LEADER = "this unit is not the leader";

  private StatusTools() {}

  public static ToolOutcome set(ToolCall call) {
    List<String> args = call.positionals();
    if (args.isEmpty()) {
      throw ToolFailure.usage("invalid args, require <status> [message]");
    }
    String value = args.get(0);
    if (!SETTABLE.contains(value)) {
      throw ToolFailure.usage(
          "invalid status "
              + ToolCall.quote(value)
              + ", expected one of ["
              + String.join(" ", SETTABLE)
              + "]");
    }
    call.noArgumentsFrom(2);
    Status status = Status.of(value, args.size() > 1 ? args.get(1) : "", call.now());
    if (call.args().isSet("application")) {
      if (!call.ctx().isLeader()) {
        throw ToolFailure.failed(NOT_LEADER);
      }
      return ToolOutcome.applied(List.of(new ToolEffect.ApplicationStatusSet(status)));
    }
    return ToolOutcome.applied(List.of(new ToolEffect.WorkloadStatusSet(status)));
  }

  public static ToolOutcome get(ToolCall call) {
    call.noArgumentsFrom(0);
    OutputFormat format = call.format();
    boolean includeData = call.args().isSet("include-data");
    ToolContext ctx = call.ctx();
    if (!call.args().isSet("application")) {
      if (!includeData && format == OutputFormat.SMART) {
        return ToolOutcome.printed(format.write(ctx.unitStatus().value()));
      }
      return ToolOutcome.printed(
          format.write(details(ctx.unitStatus(), ctx.unitStatusData(), includeData)));
    }
    if (!ctx.isLeader()) {
      throw ToolFailure.failed("finding application status: " + NOT_LEADER);
    }
    if (!includeData && format == OutputFormat.SMART) {
      return ToolOutcome.printed(format.write(ctx.applicationStatus().value()));
    }
    Map<String, Object> app =
        details(ctx.applicationStatus(), ctx.applicationStatusData(), includeData);
    Map<String, Object> units = new LinkedHashMap<>();
    for (PeerUnit unit : ctx.units()) {
      units.put(unit.unit().name(), details(unit.status(), Map.of(), includeData));
    }
    app.put("units", units);
    return ToolOutcome.printed(format.write(Map.of("application-status", app)));
  }

  /** Juju's toDetails: the message and data only with --include-data. */
  private static Map<String, Object> details(
      Status status, Map<String, Object> data, boolean includeData) {
    Map<String, Object> details = new LinkedHashMap<>();
    details.put("status", status.value());
    if (includeData) {
      details.put("message", status.message());
      details.put("status-data", data);
    }
    return details;
  }
}
