package io.caasoperator.unitcontext;

import io.caasoperator.hooktool.Port;
import io.caasoperator.hooktool.ToolCall;
import io.caasoperator.hooktool.ToolEffect;
import io.caasoperator.hooktool.ToolFailure;
import io.caasoperator.hooktool.ToolOutcome;
import java.util.List;
import java.util.function.Function;

/** {@code open-port}, {@code close-port} and {@code opened-ports}. */
public final class PortTools {

  private PortTools() {}

  public static ToolOutcome change(ToolCall call, String tool, Function<Port, ToolEffect> effect) {
    String given = call.first("port or range");
    Port port;
    try {
      port = Port.parse(given);
    } catch (IllegalArgumentException e) {
      throw ToolFailure.usage(e.getMessage());
    }
    call.noArgumentsFrom(1);
    // Juju keeps --format only to warn about it.
    String stderr =
        call.args().values().containsKey("format")
            ? "--format flag deprecated for command " + ToolCall.quote(tool) + "\n"
            : "";
    return new ToolOutcome(0, "", stderr, List.of(effect.apply(port)));
  }

  public static ToolOutcome opened(ToolCall call) {
    call.noArgumentsFrom(0);
    // Sorted so the output is stable; ops parses each line, whatever the order.
    List<String> lines = call.ctx().openedPorts().stream().sorted().map(Port::toString).toList();
    return ToolOutcome.printed(call.format().write(lines));
  }
}
