package io.caasoperator.persistence;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/**
 * Where a charm action is, with Juju's names for it ({@code rpc/params}: {@code ActionPending},
 * {@code ActionRunning}, {@code ActionCompleted}, {@code ActionFailed}, {@code ActionCancelled}).
 */
public enum ActionStatus {
  /** queued, waiting for the unit's running hook or the actions and execs before it */
  PENDING("pending", false),
  /** its process runs */
  RUNNING("running", false),
  /** its process exited 0 and it did not call {@code action-fail} */
  COMPLETED("completed", true),
  /**
   * it exited non-zero, called {@code action-fail}, could not run, or was interrupted by a restart
   * of the operator (never run again: an action need not be idempotent)
   */
  FAILED("failed", true),
  /** it never ran: its unit went away first */
  CANCELLED("cancelled", true);

  private final String label;
  private final boolean finished;

  ActionStatus(String label, boolean finished) {
    this.label = label;
    this.finished = finished;
  }

  @JsonValue
  public String label() {
    return label;
  }

  /** Whether it has ended for good (nothing about it changes any more). */
  public boolean finished() {
    return finished;
  }

  @JsonCreator
  public static ActionStatus parse(String label) {
    for (ActionStatus s : values()) if (s.label.equals(label)) return s;
    throw new IllegalArgumentException("unknown action status \"" + label + "\"");
  }
}
