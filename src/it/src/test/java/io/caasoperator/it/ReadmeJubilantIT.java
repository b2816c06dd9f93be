package io.caasoperator.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's jubilant suite (the {@code python} block after {@code <!-- readme-suite: test_kv.py
 * -->}), run as its reader runs it: pytest from the repository's directory, {@code bin/} first on
 * {@code PATH}, the vendored jubilant importable, a juju home of its own. Its wall time is printed.
 */
class ReadmeJubilantIT {

  private static final String MARK = "<!-- readme-suite: test_kv.py -->";

  @TempDir Path tmp;

  @Test
  void theReadmesJubilantSuitePasses() throws Exception {
    Path suite = tmp.resolve("test_kv.py");
    Files.writeString(suite, block(Files.readString(Jubilant.HOME.resolve("README.md"))));
    Map<String, String> env =
        Map.of(
            "CAAS_JUJU_HOME", tmp.resolve("juju").toString(),
            "XDG_STATE_HOME", tmp.resolve("state").toString());

    long started = System.nanoTime();
    String output =
        Jubilant.run(
            "import sys, pytest\n"
                + "sys.exit(pytest.main(['-q', '-p', 'no:cacheprovider', sys.argv[1]]))\n",
            env,
            Duration.ofMinutes(10),
            suite.toString());
    Duration took = Duration.ofNanos(System.nanoTime() - started);
    System.out.printf("README jubilant suite: %.1f s wall%n%s", took.toMillis() / 1000.0, output);

    assertThat(output).contains("3 passed");
    assertThat(tmp.resolve("juju/models"))
        .as("temp_model destroyed its model")
        .satisfiesAnyOf(
            models -> assertThat(models).doesNotExist(),
            models -> assertThat(models).isEmptyDirectory());
  }

  /** The fenced python block that follows the mark. */
  private static String block(String readme) {
    int mark = readme.indexOf(MARK);
    assertThat(mark).as("README has " + MARK).isNotNegative();
    int start = readme.indexOf("```python\n", mark) + "```python\n".length();
    int end = readme.indexOf("```", start);
    return readme.substring(start, end);
  }
}
