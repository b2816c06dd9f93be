package io.caasoperator.hooktool;

import java.time.Instant;
import java.util.List;
import java.util.stream.Collectors;

/**
 * One parsed call of a tool, with what it may read.
 *
 * @param args flags and positional arguments
 * @param stdin what the caller sent as standard input; empty unless an argument was {@code -}
 * @param ctx the running context's snapshot
 * @param now the call's time, stamped on statuses it sets
 */
public record ToolCall(ToolFlags.Parsed args, String stdin, ToolContext ctx, Instant now) {

  private static final List<OutputFormat> ALL_FORMATS =
      List.of(OutputFormat.SMART, OutputFormat.YAML, OutputFormat.JSON);

  public List<String> positionals() {
    return args.positionals();
  }

  /** The first positional argument; without one, Juju's usage error {@code no <what> specified}. */
  public String first(String what) {
    if (positionals().isEmpty()) {
      throw ToolFailure.usage("no " + what + " specified");
    }
    return positionals().get(0);
  }

  /** {@code --format}, smart by default. */
  public OutputFormat format() {
    return format(OutputFormat.SMART, ALL_FORMATS);
  }

  public OutputFormat format(OutputFormat byDefault, List<OutputFormat> allowed) {
    String value = args.values().get("format");
    return value == null ? byDefault : OutputFormat.parse(value, allowed);
  }

  /** Juju's cmd.CheckEmpty: arguments from {@code from} on are refused. */
  public void noArgumentsFrom(int from) {
    noArguments(
        positionals().size() > from
            ? positionals().subList(from, positionals().size())
            : List.of());
  }

  /** Juju's cmd.CheckEmpty on the arguments a tool has not consumed. */
  public static void noArguments(List<String> rest) {
    if (!rest.isEmpty()) {
      throw ToolFailure.usage(
          "unrecognized args: "
              + rest.stream().map(ToolCall::quote).collect(Collectors.joining(" ", "[", "]")));
    }
  }

  /** Go's %q for the strings shown in messages. */
  public static String quote(String value) {
    return GoQuote.of(value);
  }
}
