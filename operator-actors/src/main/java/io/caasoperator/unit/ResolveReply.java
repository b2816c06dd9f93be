package io.caasoperator.unit;

/** How a resolve went; {@code detail} is a sentence for people. */
public record ResolveReply(Outcome outcome, String detail) {
  public enum Outcome {
    RESOLVED,
    NOTHING_TO_RESOLVE,
    UNKNOWN_UNIT
  }
}
