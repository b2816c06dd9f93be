package io.caasoperator.persistence.timeline;

import java.time.Clock;
import java.time.Instant;

/** Where a replay stops: after the last event, after a global offset, or at a time. */
public sealed interface ReplayPoint {

  /** Whether the replay includes {@code entry}; entries come in global order. */
  boolean includes(JournalEntry entry);

  record Latest() implements ReplayPoint {
    @Override
    public boolean includes(JournalEntry entry) {
      return true;
    }
  }

  /** Events up to and including global offset {@code offset}. */
  record AtOffset(long offset) implements ReplayPoint {
    @Override
    public boolean includes(JournalEntry entry) {
      return entry.offset() <= offset;
    }
  }

  /** Events at or before {@code time}. */
  record AtTime(Instant time) implements ReplayPoint {
    @Override
    public boolean includes(JournalEntry entry) {
      return !entry.time().isAfter(time);
    }
  }

  /**
   * A number is a global offset; anything else a time ({@link PointInTime}). Null or empty: the
   * latest state. Throws IllegalArgumentException naming the problem.
   */
  static ReplayPoint parse(String text, Clock clock) {
    if (text == null || text.isBlank() || text.equals("latest")) return new Latest();
    if (text.chars().allMatch(Character::isDigit)) return new AtOffset(Long.parseLong(text));
    return new AtTime(PointInTime.parse(text, clock));
  }
}
