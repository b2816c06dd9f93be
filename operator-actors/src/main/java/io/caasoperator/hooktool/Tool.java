package io.caasoperator.hooktool;

import java.util.Objects;

/**
 * One hook tool: its name, the usage line {@code --help} prints, the flags it accepts and what it
 * does with a parsed call.
 */
record Tool(String name, String usage, String purpose, ToolFlags flags, Body body) {

    /** What a tool does; throws {@link ToolFailure} to refuse. */
    @FunctionalInterface
    interface Body {
        ToolOutcome run(ToolCall call);
    }

    Tool {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(flags, "flags");
        Objects.requireNonNull(body, "body");
    }

    String help() {
        return "Usage: " + name + " " + usage + "\n\nSummary:\n" + purpose + "\n";
    }
}
