package io.caasoperator.persistence.timeline;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;

/**
 * The times {@code --since}, {@code --until} and {@code --at} accept: an ISO-8601 instant ({@code
 * 2026-11-22T10:15:30Z}), a local date-time read as UTC ({@code 2026-11-22T10:15}), or a duration
 * ago ({@code 90s}, {@code 15m}, {@code 2h}, {@code 1d}).
 */
public final class PointInTime {
  private PointInTime() {}

  /** Throws IllegalArgumentException with the accepted forms. */
  public static Instant parse(String text, Clock clock) {
    String t = text.strip();
    try {
      if (t.matches("\\d+[smhd]")) {
        long n = Long.parseLong(t.substring(0, t.length() - 1));
        Duration ago =
            switch (t.charAt(t.length() - 1)) {
              case 's' -> Duration.ofSeconds(n);
              case 'm' -> Duration.ofMinutes(n);
              case 'h' -> Duration.ofHours(n);
              default -> Duration.ofDays(n);
            };
        return clock.instant().minus(ago);
      }
      if (t.endsWith("Z") || t.matches(".*[+-]\\d\\d:\\d\\d$"))
        return OffsetDateTime.parse(t).toInstant();
      return LocalDateTime.parse(t).toInstant(ZoneOffset.UTC);
    } catch (DateTimeParseException | NumberFormatException e) {
      throw new IllegalArgumentException(
          "invalid time \""
              + text
              + "\": expected e.g. 2026-11-22T10:15:30Z, 2026-11-22T10:15 (UTC) or 15m (ago)");
    } catch (ArithmeticException | java.time.DateTimeException e) {
      // a duration ago that reaches past what a time can hold (9223372036854775807d)
      throw new IllegalArgumentException(
          "invalid time \""
              + text
              + "\": too far back; give a time such as"
              + " 2026-11-22T10:15:30Z or a duration ago such as 15m, 2h, 30d");
    }
  }
}
