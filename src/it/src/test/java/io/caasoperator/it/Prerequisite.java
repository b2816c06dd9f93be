package io.caasoperator.it;

import java.io.IOException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * Something a test needs from the machine (a package, the vendored ops beside the repository, a
 * working bubblewrap). Where it is missing the test is skipped, saying why; in CI ({@code CI=true},
 * as {@code .ci/run} and CI services set it) it fails naming it, so nothing vanishes from a CI run
 * without a word.
 */
final class Prerequisite {
  private Prerequisite() {}

  /** What {@link #bubblewrap} needs, for {@link #require}'s message. */
  static final String BUBBLEWRAP =
      "a bubblewrap that can make a mount namespace here (apt-get install bubblewrap;"
          + " unprivileged user namespaces)";

  /** Whether bubblewrap runs a command in a new mount namespace here (Pebble needs it). */
  static boolean bubblewrap() throws InterruptedException {
    try {
      Process trial =
          new ProcessBuilder("bwrap", "--ro-bind", "/", "/", "--dev", "/dev", "true")
              .redirectErrorStream(true)
              .start();
      return trial.waitFor(30, TimeUnit.SECONDS) && trial.exitValue() == 0;
    } catch (IOException e) {
      return false;
    }
  }

  /** Returns when {@code present}; else fails in CI, or skips, naming {@code what} is needed. */
  static void require(boolean present, String what) {
    if (present) return;
    if ("true".equalsIgnoreCase(System.getenv("CI")))
      Assertions.fail("CI=true and a prerequisite is missing: " + what);
    Assumptions.abort("skipped: " + what + " is needed");
  }
}
