package io.caasoperator.hooktool.catalogue;

import io.caasoperator.hooktool.Tool;
import io.caasoperator.hooktool.ToolCall;
import io.caasoperator.hooktool.ToolContext;
import io.caasoperator.hooktool.ToolFailure;
import io.caasoperator.hooktool.ToolFlags;
import io.caasoperator.hooktool.ToolOutcome;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The hook-tool interpreter: runs one call of a Juju hook tool against a context snapshot and says
 * what to print, what to exit with and what to change. Pure: no I/O, no clock (the caller passes
 * {@code now}), no state; the same call on the same snapshot always gives the same outcome.
 *
 * <p>Flags, messages and output formats follow Juju's tools (juju/juju worker/uniter/runner/jujuc)
 * so bash charms and the ops framework run unchanged. Not supported: {@code -o/--output FILE} (the
 * tool runs in the operator, not beside the hook: redirect standard output instead) and the tools
 * of features this operator does not have (metrics, payloads).
 */
public final class HookTools {

  private static final Map<String, Tool> TOOLS = index(ToolCatalogue.TOOLS);

  /** Every tool name, in a stable order: the shims to install on a hook's PATH. */
  public static final List<String> NAMES = List.copyOf(TOOLS.keySet());

  private HookTools() {}

  /**
   * Runs {@code tool}.
   *
   * @param tool the tool's name, such as {@code status-set}
   * @param args its arguments, without the name
   * @param stdin its standard input; the shim only sends it when an argument is {@code -}
   * @param ctx the calling context's snapshot
   * @param now when the call happens; stamped on statuses it sets
   */
  public static ToolOutcome run(
      String tool, List<String> args, String stdin, ToolContext ctx, Instant now) {
    Objects.requireNonNull(args, "args");
    Objects.requireNonNull(ctx, "ctx");
    Objects.requireNonNull(now, "now");
    Tool definition = TOOLS.get(tool);
    if (definition == null) {
      return ToolOutcome.failed(1, "unknown command " + ToolCall.quote(String.valueOf(tool)));
    }
    try {
      ToolFlags.Parsed parsed = definition.flags().parse(args);
      if (parsed.isSet("help")) {
        return ToolOutcome.printed(definition.help(ctx));
      }
      if (parsed.values().containsKey("output")) {
        throw ToolFailure.usage(
            "--output is not supported: the tool runs in the operator,"
                + " redirect standard output instead");
      }
      return definition.body().run(new ToolCall(parsed, stdin == null ? "" : stdin, ctx, now));
    } catch (ToolFailure failure) {
      return ToolOutcome.failed(failure.exitCode(), failure.getMessage());
    }
  }

  /** Whether {@code tool} is one this interpreter runs. */
  public static boolean knows(String tool) {
    return TOOLS.containsKey(tool);
  }

  private static Map<String, Tool> index(List<Tool> tools) {
    Map<String, Tool> byName = new LinkedHashMap<>();
    for (Tool tool : tools) {
      if (byName.put(tool.name(), tool) != null) {
        throw new IllegalStateException("tool defined twice: " + tool.name());
      }
    }
    return java.util.Collections.unmodifiableMap(byName);
  }
}
