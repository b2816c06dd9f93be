package io.caasoperator.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The ahead-of-time cache {@code bin/caas-operator} starts {@code run} from (bin/lib/aot-cache.sh,
 * JDK 25+): the one the build trained is used, and one that does not fit this JVM and these jars is
 * never in the way: the operator starts, runs its hooks and their tools, and the terminal shows
 * nothing about the cache. On a JDK before 25 the launcher passes no cache at all, and the same
 * assertions hold.
 */
class AotCacheIT {

  private static final String APP = "cached";
  private static final String LEADER = APP + "/0";

  /** Each hook calls tools through the operator, as every cold operator's first hooks do. */
  private static final Map<String, String> HOOKS =
      Map.of(
          "hooks/install",
          "#!/bin/sh\nset -e\nstatus-set maintenance installing\n",
          "hooks/start",
          "#!/bin/sh\nset -e\n"
              + "status-set active \"greeting=$(config-get greeting) leader=$(is-leader)\"\n");

  /** What the JVM says about a cache it cannot use, were its warnings not turned off. */
  private static final String CACHE_TALK =
      "(?i)\\[aot\\]|\\[cds\\]|AOT cache|shared archive|shared class paths|map shared spaces";

  @RegisterExtension final Operators operators = new Operators();

  @Test
  void runStartsFromTheCacheTheBuildTrained() {
    Assumptions.assumeTrue(
        Runtime.version().feature() >= 25, "the ahead-of-time cache needs JDK 25");
    Assumptions.assumeFalse(
        Boolean.getBoolean("caas.aot.skip"), "the build was told to make no cache");
    Path cache = buildCache();
    assertThat(cache)
        .as("the cache operator-app's build trains (its log: %s.log)", cache)
        .isRegularFile();

    // the user's JVM options come after the launcher's: this one turns the JVM's report back on
    OperatorProcess operator =
        start(Map.of("CAAS_OPERATOR_JAVA_OPTS", "-XX:TieredStopAtLevel=1 -Xlog:aot=info"));

    assertHooksRanWithTheirTools(operator);
    assertThat(operator.linesMatching("Using AOT-linked classes: true"))
        .as("the JVM's report on its cache (see %s)", operator.logFile())
        .isNotEmpty();
    assertThat(operator.linesMatching("\\[error *\\]\\[aot\\]")).isEmpty();
  }

  /** Caches an operator may meet that do not fit it. */
  enum Misfit {
    /** Bytes that are no cache at all (a disk error, a file put there by hand). */
    DAMAGED,
    /** The build's own cache cut short (a copy that did not finish). */
    CUT_SHORT,
    /** A cache trained on other jars (another build, another application). */
    OTHER_JARS
  }

  @ParameterizedTest
  @EnumSource(Misfit.class)
  void aCacheThatDoesNotFitNeitherStopsTheOperatorNorShows(Misfit misfit) throws Exception {
    Path cache = operators.tmp().resolve("misfit.aot");
    switch (misfit) {
      case DAMAGED -> {
        byte[] noise = new byte[1 << 20];
        new Random(27).nextBytes(noise);
        Files.write(cache, noise);
      }
      case CUT_SHORT -> {
        Assumptions.assumeTrue(Files.isRegularFile(buildCache()), "no cache from the build");
        try (InputStream in = Files.newInputStream(buildCache())) {
          Files.write(cache, in.readNBytes((int) (Files.size(buildCache()) / 2)));
        }
      }
      case OTHER_JARS -> trainOnOtherJars(cache);
    }

    OperatorProcess operator = start(Map.of("CAAS_OPERATOR_AOT_CACHE", cache.toString()));

    assertHooksRanWithTheirTools(operator);
    if (Runtime.version().feature() >= 25) {
      // the launcher execs the JVM: once the operator answers, this process is that JVM
      assertThat(Files.readString(Path.of("/proc/" + operator.pid() + "/cmdline")))
          .as("the JVM was given the cache")
          .contains("-XX:AOTCache=" + cache);
    }
    assertThat(operator.linesMatching(CACHE_TALK))
        .as("the operator's output (%s)", operator.logFile())
        .isEmpty();
  }

  private OperatorProcess start(Map<String, String> environment) {
    Path charm = ScriptCharm.write(operators.tmp().resolve("charm"), APP, HOOKS);
    SpecFile spec = operators.spec(APP, charm).withConfig(Map.of("greeting", "hello")).write();
    return operators.startWithEnvironment(spec, environment);
  }

  private static void assertHooksRanWithTheirTools(OperatorProcess operator) {
    Status status =
        Expect.status(
            operator.awaitListening(),
            "the unit through start, its status set by its tools",
            s -> s.allUnitsIdle() && "active".equals(s.workload(LEADER)));
    assertThat(status.workloadMessage(LEADER)).isEqualTo("greeting=hello leader=True");
    assertThat(operator.isAlive()).isTrue();
  }

  private static Path buildCache() {
    return Path.of(System.getProperty("caas.operator.jar").replaceAll("\\.jar$", ".aot"));
  }

  /**
   * A real cache, for picocli's jar alone: a short training run of its completion-script generator
   * in this JDK (a few seconds). Before JDK 25 there is no such cache to make; the launcher passes
   * none there anyway.
   */
  private static void trainOnOtherJars(Path cache) throws IOException, InterruptedException {
    if (Runtime.version().feature() < 25) {
      Files.write(cache, new byte[0]);
      return;
    }
    Path lib = Path.of(System.getProperty("caas.operator.jar")).resolveSibling("lib");
    Path picocli;
    try (var jars = Files.list(lib)) {
      picocli =
          jars.filter(jar -> jar.getFileName().toString().startsWith("picocli-"))
              .findFirst()
              .orElseThrow();
    }
    Process training =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:AOTCacheOutput=" + cache,
                "-cp",
                picocli.toString(),
                "picocli.AutoComplete",
                "--help")
            .redirectErrorStream(true)
            .redirectOutput(cache.resolveSibling("training.log").toFile())
            .start();
    assertThat(training.waitFor(OperatorProcess.PATIENCE.toSeconds(), TimeUnit.SECONDS))
        .as("the training of a picocli-only cache")
        .isTrue();
    assertThat(cache).isRegularFile();
  }
}
