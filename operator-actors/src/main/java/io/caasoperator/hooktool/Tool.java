package io.caasoperator.hooktool;

import java.util.Objects;

/**
 * One hook tool: its name, the usage line {@code --help} prints, the flags it accepts and what it
 * does with a parsed call.
 *
 * @param details what {@code --help} prints after the summary, from the calling context; null for
 *     nothing (a tool whose help a charm parses, such as {@code storage-get}'s, says more)
 */
public record Tool(
    String name,
    String usage,
    String purpose,
    ToolFlags flags,
    Body body,
    java.util.function.Function<ToolContext, String> details) {

  /** What a tool does; throws {@link ToolFailure} to refuse. */
  @FunctionalInterface
  public interface Body {
    ToolOutcome run(ToolCall call);
  }

  public Tool {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(flags, "flags");
    Objects.requireNonNull(body, "body");
  }

  public Tool(String name, String usage, String purpose, ToolFlags flags, Body body) {
    this(name, usage, purpose, flags, body, null);
  }

  public String help(ToolContext ctx) {
    String summary = "Usage: " + name + " " + usage + "\n\nSummary:\n" + purpose + "\n";
    return details == null ? summary : summary + "\n" + details.apply(ctx);
  }
}
