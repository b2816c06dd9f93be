package io.caasoperator.app.juju;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Jubilant's own parsing of what a command printed: a Python script run with the vendored jubilant
 * 1.12.0 on {@code PYTHONPATH} and the file as its argument. Skipped where python3 or jubilant is
 * missing, but in CI ({@code CI=true}), where both must be there.
 */
final class Jubilant {
  private Jubilant() {}

  private static final Path HOME =
      Path.of("../../shared/vendor/jubilant-1.12.0").toAbsolutePath().normalize();

  /** The script's output lines, {@code file} its argument; it must end with exit code 0. */
  static List<String> read(Path file, String script) throws Exception {
    return run(script, file).lines().toList();
  }

  /** The script's output (standard error with it), once it exited 0. */
  static String run(String script, Path... args) throws Exception {
    required(Files.isDirectory(HOME.resolve("jubilant")), "the vendored jubilant at " + HOME);
    required(Files.isExecutable(Path.of("/usr/bin/python3")), "/usr/bin/python3 with PyYAML");
    List<String> command = new ArrayList<>(List.of("/usr/bin/python3", "-c", script));
    for (Path arg : args) command.add(arg.toString());
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
    builder.environment().put("PYTHONPATH", HOME.toString());
    Process python = builder.start();
    python.getOutputStream().close();
    String output = new String(python.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(python.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(python.exitValue()).as(output).isZero();
    return output;
  }

  private static void required(boolean present, String what) {
    if (!present && "true".equalsIgnoreCase(System.getenv("CI"))) {
      fail("CI=true and " + what + " is missing");
    }
    assumeTrue(present, what + " is missing");
  }
}
