package io.caasoperator.http.routes;

import io.caasoperator.domain.DurationText;
import java.time.Duration;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The {@code timeout} of an exec request ({@code "30s"}, {@code "5m"}, {@code "1h30m"}), at most
 * {@link #MAXIMUM}.
 *
 * <p>Why a maximum: the listener waits for the exec a little longer than its timeout, so an
 * unbounded value ({@code "9223372036854775807s"}) overflowed that wait and answered 500; and an
 * exec is a command someone waits for, or an action a charm runs: a day is beyond any sane one,
 * while a typo of a unit ({@code 30h} for {@code 30m}) stays within reach of the limit rather than
 * holding a unit's lock for a month.
 */
public final class ExecTimeout {

  /** The longest timeout an exec may ask for. */
  public static final Duration MAXIMUM = Duration.ofHours(24);

  // DurationText's syntax: a value that has it but does not parse overflowed a long.
  private static final Pattern SYNTAX = Pattern.compile("(?:\\d+(?:ms|s|m|h))+");

  private ExecTimeout() {}

  /**
   * The timeout {@code text} asks for; throws IllegalArgumentException with the sentence for the
   * 400 (naming the field, the value and, when too long, the maximum).
   */
  public static Duration parse(String text) {
    String value = text.strip();
    Optional<Duration> parsed = DurationText.parse(value);
    if (parsed.isEmpty() && !SYNTAX.matcher(value).matches()) {
      throw new IllegalArgumentException(
          "\"timeout\": \"" + text + "\" is not a duration (use e.g. 30s, 5m, 1h)");
    }
    if (parsed.isEmpty() || parsed.get().compareTo(MAXIMUM) > 0) {
      throw new IllegalArgumentException(
          "\"timeout\": \""
              + text
              + "\" is longer than the maximum of "
              + DurationText.format(MAXIMUM));
    }
    if (parsed.get().isZero()) {
      throw new IllegalArgumentException("\"timeout\": \"" + text + "\" must be longer than 0");
    }
    return parsed.get();
  }
}
