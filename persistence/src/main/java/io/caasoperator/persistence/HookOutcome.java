package io.caasoperator.persistence;

import com.fasterxml.jackson.annotation.JsonCreator;
import io.caasoperator.domain.Labelled;

/** How a hook ended, as status and the journal show it. */
public enum HookOutcome implements Labelled {
  COMPLETED,
  FAILED,
  /** the charm has no such hook */
  SKIPPED,
  /** failed, then counted as done by {@code resolve --no-retry} */
  RESOLVED;

  /** Whether a hook process ran to an end (counted in {@code hooksRun}). */
  public boolean ran() {
    return this == COMPLETED || this == FAILED;
  }

  @JsonCreator
  public static HookOutcome parse(String label) {
    return Labelled.parse(HookOutcome.class, label, "hook outcome");
  }
}
