package io.caasoperator.pebble.plan;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.Optional;

/**
 * Durations written as Go writes them ({@code time.ParseDuration}, {@code Duration.String()}):
 * Pebble layers, query parameters ({@code timeout=}) and responses ({@code repeat-after}) all use
 * that syntax, and ops formats its timeouts that way ({@code ops/pebble.py _format_timeout}: {@code
 * "%.3fs"}).
 */
public final class GoDuration {
  private GoDuration() {}

  /**
   * Parses {@code 1h2m3.5s}, {@code 500ms}, {@code 0}, {@code 1.5us}; Go's units ns, us (µs, μs),
   * ms, s, m, h.
   *
   * @throws IllegalArgumentException naming the input when it is not a Go duration
   */
  public static Duration parse(String text) {
    if (text == null || text.isEmpty()) {
      throw new IllegalArgumentException("invalid duration \"\"");
    }
    String s = text;
    boolean negative = false;
    if (s.charAt(0) == '-' || s.charAt(0) == '+') {
      negative = s.charAt(0) == '-';
      s = s.substring(1);
    }
    if (s.equals("0")) {
      return Duration.ZERO;
    }
    if (s.isEmpty()) {
      throw invalid(text);
    }
    BigDecimal totalNanos = BigDecimal.ZERO;
    int i = 0;
    while (i < s.length()) {
      int start = i;
      while (i < s.length() && (Character.isDigit(s.charAt(i)) || s.charAt(i) == '.')) {
        i++;
      }
      String number = s.substring(start, i);
      if (number.isEmpty()
          || number.equals(".")
          || number.indexOf('.') != number.lastIndexOf('.')) {
        throw invalid(text);
      }
      int unitStart = i;
      while (i < s.length() && !Character.isDigit(s.charAt(i)) && s.charAt(i) != '.') {
        i++;
      }
      String unit = s.substring(unitStart, i);
      long unitNanos =
          switch (unit) {
            case "ns" -> 1L;
            case "us", "µs", "μs" -> 1_000L;
            case "ms" -> 1_000_000L;
            case "s" -> 1_000_000_000L;
            case "m" -> 60_000_000_000L;
            case "h" -> 3_600_000_000_000L;
            default ->
                throw unit.isEmpty()
                    ? new IllegalArgumentException(
                        "invalid duration \"" + text + "\": missing unit")
                    : new IllegalArgumentException(
                        "invalid duration \"" + text + "\": unknown unit \"" + unit + "\"");
          };
      totalNanos =
          totalNanos.add(
              new BigDecimal(number.startsWith(".") ? "0" + number : number)
                  .multiply(BigDecimal.valueOf(unitNanos)));
    }
    if (totalNanos.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0) {
      throw new IllegalArgumentException("invalid duration \"" + text + "\": out of range");
    }
    long nanos = totalNanos.longValue();
    return Duration.ofNanos(negative ? -nanos : nanos);
  }

  /** Like {@link #parse} but "" means absent, as Pebble's {@code parseOptionalDuration}. */
  public static Optional<Duration> parseOptional(String text) {
    if (text == null || text.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(parse(text));
  }

  /**
   * Go's {@code Duration.String()}: {@code 0s}, {@code 500ms}, {@code 1.5s}, {@code 5m0s}, {@code
   * 1h0m0s}.
   */
  public static String format(Duration duration) {
    long nanos = duration.toNanos();
    if (nanos == 0) {
      return "0s";
    }
    StringBuilder out = new StringBuilder();
    if (nanos < 0) {
      out.append('-');
      nanos = -nanos;
    }
    if (nanos < 1_000_000_000L) {
      if (nanos < 1_000L) {
        return out.append(nanos).append("ns").toString();
      }
      if (nanos < 1_000_000L) {
        return out.append(fraction(nanos, 1_000L)).append("µs").toString();
      }
      return out.append(fraction(nanos, 1_000_000L)).append("ms").toString();
    }
    long hours = nanos / 3_600_000_000_000L;
    long rest = nanos % 3_600_000_000_000L;
    long minutes = rest / 60_000_000_000L;
    long secondsNanos = rest % 60_000_000_000L;
    if (hours > 0) {
      out.append(hours).append('h');
    }
    if (hours > 0 || minutes > 0) {
      out.append(minutes).append('m');
    }
    return out.append(fraction(secondsNanos, 1_000_000_000L)).append('s').toString();
  }

  private static String fraction(long nanos, long unit) {
    BigDecimal value =
        BigDecimal.valueOf(nanos).divide(BigDecimal.valueOf(unit)).stripTrailingZeros();
    return value.toPlainString();
  }

  private static IllegalArgumentException invalid(String text) {
    return new IllegalArgumentException("invalid duration \"" + text + "\"");
  }
}
