package io.caasoperator.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs a Python script as a charm author's test runs it: the vendored jubilant 1.12.0 importable,
 * the repository's {@code bin/} first on {@code PATH} (so jubilant drives {@code bin/juju}), in the
 * repository's directory.
 */
final class Jubilant {
  private Jubilant() {}

  static final Path HOME =
      Path.of(System.getProperty("caas.operator.home", "../..")).toAbsolutePath().normalize();
  static final Path VENDORED =
      HOME.resolveSibling("shared").resolve("vendor").resolve("jubilant-1.12.0");

  /** The script's output (standard error with it), once it exited 0 within {@code patience}. */
  static String run(String script, Map<String, String> env, Duration patience, String... args)
      throws Exception {
    Prerequisite.require(
        Files.isDirectory(VENDORED.resolve("jubilant")),
        "the vendored jubilant 1.12.0 at " + VENDORED);
    Prerequisite.require(
        Files.isExecutable(Path.of("/usr/bin/python3")), "/usr/bin/python3 with PyYAML");
    List<String> command = new ArrayList<>(List.of("/usr/bin/python3", "-c", script));
    command.addAll(List.of(args));
    ProcessBuilder builder =
        new ProcessBuilder(command).directory(HOME.toFile()).redirectErrorStream(true);
    builder.environment().putAll(env);
    builder.environment().put("PYTHONPATH", VENDORED.toString());
    builder.environment().put("PATH", HOME.resolve("bin") + ":" + System.getenv("PATH"));
    Process python = builder.start();
    python.getOutputStream().close();
    String output = new String(python.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(python.waitFor(patience.toSeconds(), TimeUnit.SECONDS)).isTrue();
    assertThat(python.exitValue()).as(output).isZero();
    return output;
  }
}
