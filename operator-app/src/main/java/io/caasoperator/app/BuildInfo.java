package io.caasoperator.app;

import java.io.IOException;
import java.io.InputStream;
import java.util.Optional;
import java.util.Properties;

/**
 * Which build this is, for {@code --version} and the start-up line: the commit it was built from
 * (with {@code -dirty} when the work tree had changes) and when it was built, from {@code
 * build.properties}, which the build writes beside this class (git-commit-id-maven-plugin).
 * A build without git (a source archive) knows neither; a class run from an IDE may not either.
 *
 * @param version the project's version, e.g. {@code 0.1.0-SNAPSHOT}
 * @param commit the abbreviated commit id, e.g. {@code d93d259-dirty}
 * @param commitTime when that commit was made (ISO-8601, UTC)
 * @param buildTime when the jar was built (ISO-8601, UTC)
 */
record BuildInfo(String version, Optional<String> commit, Optional<String> commitTime, Optional<String> buildTime) {

  private static final String RESOURCE = "build.properties";

  /** This build's, read once. */
  static BuildInfo current() {
    return Holder.CURRENT;
  }

  static BuildInfo of(Properties p) {
    String commit = p.getProperty("git.commit.id.abbrev");
    boolean dirty = Boolean.parseBoolean(p.getProperty("git.dirty"));
    return new BuildInfo(
        present(p.getProperty("git.build.version")).orElse(Version.current()),
        present(commit).map(c -> dirty ? c + "-dirty" : c),
        present(p.getProperty("git.commit.time")),
        present(p.getProperty("git.build.time")));
  }

  /** The lines {@code --version} prints. */
  String[] lines() {
    return new String[] {
      "caas-operator " + version,
      "commit:  " + commit.orElse("unknown (built without git)") + commitTime.map(t -> " (" + t + ")").orElse(""),
      "built:   " + buildTime.orElse("unknown"),
      "java:    " + Runtime.version() + " (" + System.getProperty("java.vendor", "unknown vendor") + ")"
    };
  }

  /** The version and commit in one phrase, for the log: {@code 0.1.0-SNAPSHOT (d93d259)}. */
  String summary() {
    return version + commit.map(c -> " (" + c + ")").orElse("");
  }

  private static Optional<String> present(String value) {
    // an unfiltered placeholder (${...}) is as good as nothing
    return value == null || value.isBlank() || value.startsWith("${") ? Optional.empty() : Optional.of(value);
  }

  private static final class Holder {
    static final BuildInfo CURRENT = load();

    private static BuildInfo load() {
      Properties properties = new Properties();
      try (InputStream in = BuildInfo.class.getResourceAsStream(RESOURCE)) {
        if (in != null) properties.load(in);
      } catch (IOException e) {
        // a damaged jar: --version says unknown rather than fail
      }
      return of(properties);
    }
  }
}
