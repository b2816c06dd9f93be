package io.caasoperator.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * What one {@code juju} call costs a charm's test (issue 27: at most 8x a process start at p50):
 * {@code bin/juju status --format json} on a model of two related applications ({@code
 * examples/kv}), its operator started by {@code bin/juju add-model} as a charm author's test starts
 * it, against {@code /bin/true}; both started by one bash loop, interleaved, timed by the shell
 * itself ({@code $EPOCHREALTIME}), so the baseline is measured in the same run under the same load.
 * The model is destroyed at the end.
 */
@Command(
    name = "juju",
    description =
        "bin/juju status --format json on a two-application model, against /bin/true in the same"
            + " shell loop.")
final class JujuBenchmark implements Callable<Integer> {

  @Option(
      names = "--calls",
      defaultValue = "200",
      description = "Calls of each, interleaved (default: ${DEFAULT-VALUE}).")
  int calls;

  @Option(
      names = "--rounds",
      defaultValue = "1",
      description = "Rounds on the same model (default: ${DEFAULT-VALUE}).")
  int rounds;

  @Override
  public Integer call() throws Exception {
    System.out.println(Figures.machine());
    Path repository = Bench.repository();
    Path juju = repository.resolve("bin/juju");
    Path charms = repository.resolve("examples/kv/charms");
    Path home = Files.createTempDirectory("caas-bench-juju-");
    Map<String, String> env = Map.of("CAAS_JUJU_HOME", home.toString());
    try {
      run(env, charms, juju.toString(), "add-model", "bench");
      run(env, charms, juju.toString(), "deploy", "./kv-store", "-m", "bench");
      run(env, charms, juju.toString(), "deploy", "./kv-client", "-m", "bench");
      run(env, charms, juju.toString(), "integrate", "kv-client", "kv-store:kv", "-m", "bench");
      awaitUnits(env, charms, juju.toString());
      Path script = Files.writeString(home.resolve("calls.sh"), script());
      // one untimed round: the shell, the operator and the page cache have seen every path
      timings(env, charms, script, juju, 10);
      for (int r = 1; r <= rounds; r++) {
        Map<String, List<Double>> t = timings(env, charms, script, juju, calls);
        List<Double> status = t.get("juju");
        List<Double> bare = t.get("true");
        double p50 = Figures.quantile(status, 0.5);
        double p90 = Figures.quantile(status, 0.9);
        double b50 = Figures.quantile(bare, 0.5);
        double b90 = Figures.quantile(bare, 0.9);
        System.out.printf(
            "round %d: juju status --format json p50 %s p90 %s | /bin/true p50 %s p90 %s |"
                + " ratio p50 %.1fx p90 %.1fx (%d calls each)%n",
            r,
            Figures.millis(p50),
            Figures.millis(p90),
            Figures.millis(b50),
            Figures.millis(b90),
            p50 / b50,
            p90 / b90,
            status.size());
      }
    } finally {
      run(env, charms, juju.toString(), "destroy-model", "bench", "--no-prompt");
    }
    return 0;
  }

  /**
   * Each call's wall time in milliseconds, by what was called ({@code juju}, {@code true}), sorted.
   */
  private static Map<String, List<Double>> timings(
      Map<String, String> env, Path cwd, Path script, Path juju, int n) throws Exception {
    String out = run(env, cwd, "bash", script.toString(), juju.toString(), Integer.toString(n));
    List<Double> status = new ArrayList<>();
    List<Double> bare = new ArrayList<>();
    for (String line : out.lines().toList()) {
      String[] parts = line.split(" ");
      if (parts.length != 3) continue;
      double ms = (Double.parseDouble(parts[2]) - Double.parseDouble(parts[1])) * 1000;
      (parts[0].equals("juju") ? status : bare).add(ms);
    }
    if (status.size() != n || bare.size() != n)
      throw new IllegalStateException("expected " + n + " timings of each, got:\n" + out);
    Collections.sort(status);
    Collections.sort(bare);
    return Map.of("juju", status, "true", bare);
  }

  /** Bash times both in one loop; a failed status call fails the run. */
  private static String script() {
    return """
        juju=$1 n=$2
        for ((i = 0; i < n; i++)); do
          t0=$EPOCHREALTIME
          "$juju" status --format json >/dev/null || exit 1
          t1=$EPOCHREALTIME
          /bin/true
          t2=$EPOCHREALTIME
          echo "juju $t0 $t1"
          echo "true $t1 $t2"
        done
        """;
  }

  /** Both applications' units reported by the model's operator (a benchmark's poll, 3 min). */
  private static void awaitUnits(Map<String, String> env, Path cwd, String juju) throws Exception {
    long deadline = System.nanoTime() + Duration.ofMinutes(3).toNanos();
    while (true) {
      String status = run(env, cwd, juju, "status", "--format", "json", "-m", "bench");
      if (status.contains("\"kv-store/0\"") && status.contains("\"kv-client/0\"")) return;
      if (System.nanoTime() > deadline)
        throw new IllegalStateException("the model's units never showed:\n" + status);
      Thread.sleep(500);
    }
  }

  private static String run(Map<String, String> env, Path cwd, String... command)
      throws IOException, InterruptedException {
    ProcessBuilder builder = new ProcessBuilder(command).directory(cwd.toFile());
    builder.environment().putAll(env);
    builder.environment().remove("JUJU_MODEL");
    builder.redirectError(ProcessBuilder.Redirect.INHERIT);
    Process process = builder.start();
    process.getOutputStream().close();
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!process.waitFor(10, TimeUnit.MINUTES) || process.exitValue() != 0)
      throw new IllegalStateException(String.join(" ", command) + " failed:\n" + out);
    return out;
  }
}
