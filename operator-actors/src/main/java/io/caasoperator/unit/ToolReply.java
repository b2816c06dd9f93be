package io.caasoperator.unit;

import io.caasoperator.hooktool.ToolOutcome;

/** {@code outcome} when the tool ran; otherwise {@code denied} says why it may not. */
public record ToolReply(ToolOutcome outcome, String denied) {}
