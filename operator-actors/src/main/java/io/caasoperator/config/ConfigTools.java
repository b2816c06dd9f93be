package io.caasoperator.config;

import io.caasoperator.hooktool.OutputFormat;
import io.caasoperator.hooktool.ToolCall;
import io.caasoperator.hooktool.ToolFailure;
import io.caasoperator.hooktool.ToolOutcome;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** {@code config-get}: the application's effective charm config. */
public final class ConfigTools {

  private ConfigTools() {}

  public static ToolOutcome get(ToolCall call) {
    List<String> args = call.positionals();
    boolean all = call.args().isSet("all");
    String key = args.isEmpty() ? "" : args.get(0);
    if (!key.isEmpty() && all) {
      throw ToolFailure.usage("cannot use argument --all together with key " + ToolCall.quote(key));
    }
    call.noArgumentsFrom(1);
    OutputFormat format = call.format();
    Map<String, Object> config = call.ctx().config();
    if (!key.isEmpty()) {
      // A missing key prints nothing (null), exit 0: charms test for empty output.
      return ToolOutcome.printed(format.write(config.get(key)));
    }
    Map<String, Object> shown = new LinkedHashMap<>(config);
    if (!all) {
      // Options with neither a default nor a value only show with --all.
      shown.values().removeIf(v -> v == null);
    }
    return ToolOutcome.printed(format.write(shown));
  }
}
