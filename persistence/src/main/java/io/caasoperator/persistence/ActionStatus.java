package io.caasoperator.persistence;

import com.fasterxml.jackson.annotation.JsonCreator;
import io.caasoperator.domain.Labelled;

/**
 * Where a charm action is, with Juju's names for it ({@code rpc/params}: {@code ActionPending},
 * {@code ActionRunning}, {@code ActionCompleted}, {@code ActionFailed}, {@code ActionCancelled}).
 */
public enum ActionStatus implements Labelled {
  /** queued, waiting for the unit's running hook or the actions and execs before it */
  PENDING,
  /** its process runs */
  RUNNING,
  /** its process exited 0 and it did not call {@code action-fail} */
  COMPLETED,
  /**
   * it exited non-zero, called {@code action-fail}, could not run, or was interrupted by a restart
   * of the operator (never run again: an action need not be idempotent)
   */
  FAILED,
  /** it never ran: its unit went away first */
  CANCELLED;

  /** Whether it has ended for good (nothing about it changes any more). */
  public boolean finished() {
    return switch (this) {
      case PENDING, RUNNING -> false;
      case COMPLETED, FAILED, CANCELLED -> true;
    };
  }

  @JsonCreator
  public static ActionStatus parse(String label) {
    return Labelled.parse(ActionStatus.class, label, "action status");
  }
}
