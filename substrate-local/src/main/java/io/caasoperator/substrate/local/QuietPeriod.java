package io.caasoperator.substrate.local;

import java.time.Duration;
import java.time.Instant;

/**
 * When a changed specification file may be acted on: only once what the polls see of it (size,
 * modification time, content; or that it is missing or refused) has stayed exactly the same for
 * {@code length}. Editors and scripts write files in place ({@code printf ... > app.yaml}), and a
 * poll in the middle of such a write reads a truncated file that may well be valid YAML (a missing
 * {@code scale:} means one unit): acting on it would stop and remove units nobody meant to remove.
 * A writer still at work changes the file again before the period ends, which starts it afresh. A
 * deleted and re-created file is a write in progress as well.
 *
 * <p>A pure decision: the caller brings the time and keeps the {@link Tracking}.
 *
 * @param length how long a change must hold still; zero acts on every change at once
 */
record QuietPeriod(Duration length) {

  QuietPeriod {
    if (length == null || length.isNegative()) {
      throw new IllegalArgumentException("quiet period must be >= 0, got " + length);
    }
  }

  /**
   * What is remembered between polls: the identity last acted on (null before the first), and the
   * stamp of the change waited on with when it was first seen (both null when none is).
   */
  record Tracking(String acted, String waitingOn, Instant since) {
    static Tracking initial() {
      return new Tracking(null, null, null);
    }
  }

  /** What to do about one look at the file; {@code tracking} is what to remember next. */
  sealed interface Decision {
    Tracking tracking();

    /** Nothing changed since the last action. */
    record Unchanged(Tracking tracking) implements Decision {}

    /** A change is settling: look again at {@code until}, not before. */
    record Wait(Tracking tracking, Instant until) implements Decision {}

    /** The change has held still long enough: act on what was seen. */
    record Act(Tracking tracking) implements Decision {}
  }

  /** Decides about {@code seen}, a look taken at {@code now}, given what is remembered. */
  Decision observe(Tracking tracking, SpecFileRead seen, Instant now) {
    if (seen.identity().equals(tracking.acted())) {
      // Back to (or still at) what is in force: a change that was settling is abandoned.
      return new Decision.Unchanged(new Tracking(tracking.acted(), null, null));
    }
    Tracking waiting =
        seen.stamp().equals(tracking.waitingOn())
            ? tracking
            : new Tracking(tracking.acted(), seen.stamp(), now);
    Instant due = waiting.since().plus(length);
    if (now.isBefore(due)) return new Decision.Wait(waiting, due);
    return new Decision.Act(new Tracking(seen.identity(), null, null));
  }
}
