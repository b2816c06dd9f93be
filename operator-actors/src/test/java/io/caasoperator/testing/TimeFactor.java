package io.caasoperator.testing;

import java.time.Duration;

/**
 * How much slower than a quiet developer machine this one may be: {@code pekko.test.timefactor},
 * which the build passes to every test JVM (the parent pom; CI raises it) and which the Pekko test
 * kit also gets as its own {@code timefactor}. The tests' own bounded waits outside the kit (an
 * executor's queue, Awaitility) go through {@link #dilated}, so one setting scales them all.
 */
public final class TimeFactor {
  /** The factor, 1 where the build did not set it (a test run from an IDE). */
  public static final double FACTOR =
      Double.parseDouble(System.getProperty("pekko.test.timefactor", "1.0"));

  private TimeFactor() {}

  /** {@code bound} scaled by {@link #FACTOR}. */
  public static Duration dilated(Duration bound) {
    return Duration.ofNanos((long) (bound.toNanos() * FACTOR));
  }
}
