package io.caasoperator.app.juju;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * Where {@code juju} keeps its models: {@code $XDG_DATA_HOME/caas-operator/juju}, else {@code
 * ~/.local/share/caas-operator/juju} (the XDG base directory rule: data a user would miss, unlike
 * the operators' registrations, which are state). {@code $CAAS_JUJU_HOME} overrides both, so tests
 * and CI runs keep their models apart from the user's.
 */
public final class JujuHome {
  private JujuHome() {}

  /** The home {@code env} (the process environment) names; pure. */
  public static Path choose(Map<String, String> env) {
    Optional<String> override = nonEmpty(env.get("CAAS_JUJU_HOME"));
    if (override.isPresent()) return Path.of(override.get()).toAbsolutePath();
    Path data =
        nonEmpty(env.get("XDG_DATA_HOME"))
            .map(Path::of)
            .filter(Path::isAbsolute) // the spec says to ignore a relative one
            .orElseGet(() -> Path.of(home(env), ".local", "share"));
    return data.resolve("caas-operator").resolve("juju");
  }

  private static String home(Map<String, String> env) {
    return nonEmpty(env.get("HOME")).orElse(System.getProperty("user.home"));
  }

  private static Optional<String> nonEmpty(String value) {
    return Optional.ofNullable(value).filter(v -> !v.isBlank());
  }
}
