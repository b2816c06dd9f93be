package io.caasoperator.domain;

import java.time.Duration;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Durations as people write them in Juju settings: {@code 500ms}, {@code 30s}, {@code 5m}, {@code
 * 1h}, or a sequence such as {@code 1h30m} (Go's syntax without fractions).
 */
public final class DurationText {

  private static final Pattern WHOLE = Pattern.compile("(?:\\d+(?:ms|s|m|h))+");
  private static final Pattern PART = Pattern.compile("(\\d+)(ms|s|m|h)");

  private DurationText() {}

  /** The duration, or empty when the text is not in this syntax or overflows. */
  public static Optional<Duration> parse(String text) {
    if (text == null || !WHOLE.matcher(text).matches()) return Optional.empty();
    Duration total = Duration.ZERO;
    Matcher part = PART.matcher(text);
    try {
      while (part.find()) {
        long amount = Long.parseLong(part.group(1));
        total =
            total.plus(
                switch (part.group(2)) {
                  case "ms" -> Duration.ofMillis(amount);
                  case "s" -> Duration.ofSeconds(amount);
                  case "m" -> Duration.ofMinutes(amount);
                  default -> Duration.ofHours(amount);
                });
      }
    } catch (ArithmeticException | NumberFormatException e) {
      return Optional.empty();
    }
    return Optional.of(total);
  }

  /** The same syntax back: {@code 1h30m}, {@code 5m}, {@code 250ms}. */
  public static String format(Duration d) {
    if (d.isZero()) return "0s";
    StringBuilder out = new StringBuilder();
    if (d.toHours() > 0) out.append(d.toHours()).append('h');
    if (d.toMinutesPart() > 0) out.append(d.toMinutesPart()).append('m');
    if (d.toSecondsPart() > 0) out.append(d.toSecondsPart()).append('s');
    if (d.toMillisPart() > 0) out.append(d.toMillisPart()).append("ms");
    return out.toString();
  }
}
