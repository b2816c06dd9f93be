package io.caasoperator.it;

import io.caasoperator.files.RecursiveDelete;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A juju home and state of the test's own ({@code CAAS_JUJU_HOME}, {@code XDG_STATE_HOME}) in a
 * fresh directory, and {@code bin/juju} and jubilant run with them. A test registers one as an
 * instance {@code @RegisterExtension} field; after it, any model a script that failed half-way left
 * running is destroyed (its operator stopped), then the directory deleted.
 */
final class JujuHome implements BeforeEachCallback, AfterEachCallback {

  static final Duration PATIENCE = Duration.ofMinutes(5);

  private Path dir;
  private Map<String, String> env;

  @Override
  public void beforeEach(ExtensionContext context) throws IOException {
    dir = Files.createTempDirectory("caas-juju-");
    env =
        Map.of(
            "CAAS_JUJU_HOME", dir.resolve("juju").toString(),
            "XDG_STATE_HOME", dir.resolve("state").toString());
  }

  @Override
  public void afterEach(ExtensionContext context) throws IOException {
    Path models = dir.resolve("juju/models");
    if (Files.isDirectory(models)) {
      try (Stream<Path> left = Files.list(models)) {
        for (Path model : left.toList())
          juju("destroy-model", model.getFileName().toString(), "--no-prompt", "--force");
      }
    }
    RecursiveDelete.quietly(dir);
  }

  /** The directory holding the home ({@code juju/}), the state and the CLI's working directory. */
  Path dir() {
    return dir;
  }

  /** Runs {@code bin/juju} with this home. */
  Cli.Result juju(String... args) {
    return Cli.program("juju", dir.resolve("cli"), PATIENCE, env, args);
  }

  /** Runs {@code script} with the vendored jubilant and {@code bin/} first on PATH; its output. */
  String jubilant(String script, String... args) throws Exception {
    return Jubilant.run(script, env, PATIENCE, args);
  }
}
