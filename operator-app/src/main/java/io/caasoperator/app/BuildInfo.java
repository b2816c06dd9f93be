package io.caasoperator.app;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.Properties;

/**
 * Which build this is, for {@code --version} and the start-up line: the commit it was built from
 * ({@code -dirty} when the work tree had changes) and when it was built. The build writes both
 * beside this class: {@code build-commit} ({@code git describe}) and {@code build.properties}
 * (filtered). A build without git (a source archive) knows no commit.
 *
 * @param version the project's version, e.g. {@code 0.1.0-SNAPSHOT}
 * @param commit the abbreviated commit id, e.g. {@code d93d259} or {@code d93d259-dirty}
 * @param buildTime when the jar was built (ISO-8601, UTC)
 */
record BuildInfo(String version, Optional<String> commit, Optional<String> buildTime) {

  /** This build's, read once. */
  static BuildInfo current() {
    return Holder.CURRENT;
  }

  /**
   * @param properties {@code build.properties}: {@code build.version}, {@code build.time}
   * @param commit what {@code git describe} printed; blank without git
   */
  static BuildInfo of(Properties properties, String commit) {
    return new BuildInfo(
        present(properties.getProperty("build.version")).orElse(Version.current()),
        present(commit == null ? null : commit.strip()),
        present(properties.getProperty("build.time")));
  }

  /** The lines {@code --version} prints. */
  String[] lines() {
    return new String[] {
      "caas-operator " + version,
      "commit:  " + commit.orElse("unknown (built without git)"),
      "built:   " + buildTime.orElse("unknown"),
      "java:    "
          + Runtime.version()
          + " ("
          + System.getProperty("java.vendor", "unknown vendor")
          + ")"
    };
  }

  /** The version and commit in one phrase, for the log: {@code 0.1.0-SNAPSHOT (d93d259)}. */
  String summary() {
    return version + commit.map(c -> " (" + c + ")").orElse("");
  }

  private static Optional<String> present(String value) {
    // a placeholder the build did not fill in (${...}) is as good as nothing
    return value == null || value.isBlank() || value.contains("${")
        ? Optional.empty()
        : Optional.of(value);
  }

  private static final class Holder {
    static final BuildInfo CURRENT = load();

    private static BuildInfo load() {
      Properties properties = new Properties();
      String commit = null;
      try (InputStream in = BuildInfo.class.getResourceAsStream("build.properties");
          InputStream described = BuildInfo.class.getResourceAsStream("build-commit")) {
        if (in != null) properties.load(in);
        if (described != null)
          commit = new String(described.readAllBytes(), StandardCharsets.UTF_8);
      } catch (IOException e) {
        // a damaged jar: --version says unknown rather than fail
      }
      return of(properties, commit);
    }
  }
}
