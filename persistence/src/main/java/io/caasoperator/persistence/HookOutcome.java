package io.caasoperator.persistence;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/** How a hook ended, as status and the journal show it. */
public enum HookOutcome {
  COMPLETED("completed", true),
  FAILED("failed", true),
  /** the charm has no such hook */
  SKIPPED("skipped", false),
  /** failed, then counted as done by {@code resolve --no-retry} */
  RESOLVED("resolved", false);

  private final String label;
  private final boolean ran;

  HookOutcome(String label, boolean ran) {
    this.label = label;
    this.ran = ran;
  }

  @JsonValue
  public String label() {
    return label;
  }

  /** Whether a hook process ran to an end (counted in {@code hooksRun}). */
  public boolean ran() {
    return ran;
  }

  @JsonCreator
  public static HookOutcome parse(String label) {
    for (HookOutcome o : values()) if (o.label.equals(label)) return o;
    throw new IllegalArgumentException("unknown hook outcome \"" + label + "\"");
  }
}
