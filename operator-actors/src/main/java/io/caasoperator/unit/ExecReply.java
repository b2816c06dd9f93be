package io.caasoperator.unit;

import io.caasoperator.action.ActionResult;
import io.caasoperator.hook.ProcessResult;

/**
 * How an exec went: {@code result} is set when it ran; otherwise {@code detail} says why not.
 * {@code action} is what the action reported when the exec ran as one, else null.
 */
public record ExecReply(Outcome outcome, ProcessResult result, String detail, ActionResult action) {
  public enum Outcome {
    RAN,
    /** the unit exists but cannot take it now (dying, no charm yet, shutting down) */
    REFUSED,
    UNKNOWN_UNIT
  }

  /** The unit did not run it: {@code why} is a sentence for people. */
  public static ExecReply refused(String why) {
    return new ExecReply(Outcome.REFUSED, null, why, null);
  }
}
