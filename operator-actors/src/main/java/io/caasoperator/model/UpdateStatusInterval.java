package io.caasoperator.model;

import io.caasoperator.pebble.plan.GoDuration;
import java.time.Duration;

/**
 * A model's {@code update-status-hook-interval}: how often every unit of the model runs {@code
 * update-status}. Read as Juju reads it (juju/juju {@code environs/config/config.go}, {@code
 * Validate}): Go's {@code time.ParseDuration}, and a value it cannot parse refused with {@code
 * invalid update status hook interval in model configuration: time: invalid duration "x"}.
 *
 * <p>Juju's bounds are not enforced by Juju: its check of {@code < 1m} and {@code > 60m} annotates
 * the (nil) parse error with {@code errors.Annotatef}, which returns nil for a nil error, so {@code
 * 10s} is taken, and charm tests rely on it (pytest-operator's {@code fast_forward} sets {@code
 * 10s}). The same values are taken here. Only a duration that is not positive is refused, which
 * Juju takes: a unit's timer cannot fire every zero seconds.
 */
public final class UpdateStatusInterval {

  /** The model-config key. */
  public static final String KEY = "update-status-hook-interval";

  /** Juju's default ({@code DefaultUpdateStatusHookInterval}). */
  public static final Duration DEFAULT = Duration.ofMinutes(5);

  private UpdateStatusInterval() {}

  /**
   * The interval {@code text} says.
   *
   * @throws IllegalArgumentException with Juju's message when it is not a positive Go duration
   */
  public static Duration parse(String text) {
    Duration interval;
    try {
      interval = GoDuration.parse(text);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "invalid update status hook interval in model configuration: " + goError(text, e));
    }
    if (interval.isNegative() || interval.isZero()) {
      throw new IllegalArgumentException(
          "update status hook frequency " + text + " must be greater than 0s");
    }
    return interval;
  }

  /** Go's own words for a duration {@code time.ParseDuration} refuses. */
  private static String goError(String text, IllegalArgumentException e) {
    String message = String.valueOf(e.getMessage());
    String quoted = "\"" + text + "\"";
    if (message.endsWith(": missing unit")) return "time: missing unit in duration " + quoted;
    int unknown = message.indexOf(": unknown unit ");
    if (unknown >= 0) {
      return "time: unknown unit "
          + message.substring(unknown + ": unknown unit ".length())
          + " in duration "
          + quoted;
    }
    return "time: invalid duration " + quoted;
  }
}
