package io.caasoperator.bench;

import io.caasoperator.hooktool.transport.HookToolShims;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Hook-tool latency as a charm sees it: from inside a unit (its config-changed hook, in bash), each
 * call of {@code config-get}, {@code is-leader}, {@code status-set} and {@code juju-log} timed by
 * the shell itself ({@code $EPOCHREALTIME}), next to a bare {@code /bin/true} started by the same
 * shell in the same loop: the baseline is measured in the same run, under the same load, and every
 * figure is a ratio to it.
 *
 * <p>Two paths: {@code local}, the tools on the unit's PATH (what a hook on the local substrate
 * runs), with 1 and 8 units calling at once; {@code pod}, the portable shims that are copied into
 * Kubernetes pods (sh + curl through the listener's TLS), run here against the same operator, for
 * their absolute latency.
 */
@Command(
    name = "tools",
    description =
        "Hook-tool call latency from inside units, against a bare /bin/true in the same shell.")
final class ToolsBenchmark implements Callable<Integer> {

  /** Each tool as ops calls it (ops/model.py: its argument order, --format=json last). */
  static final Map<String, String> CALLS = calls();

  @Option(
      names = "--units",
      split = ",",
      defaultValue = "1,8",
      description = "Units calling at once (default: ${DEFAULT-VALUE}).")
  List<Integer> units;

  @Option(
      names = "--calls",
      defaultValue = "200",
      description = "Calls of each tool per unit on the local path (default: ${DEFAULT-VALUE}).")
  int calls;

  @Option(
      names = "--pod-calls",
      defaultValue = "40",
      description =
          "Calls of each tool on the pod path, 1 unit; 0 skips it (default: ${DEFAULT-VALUE}).")
  int podCalls;

  @Override
  public Integer call() throws Exception {
    System.out.println(Figures.machine());
    int most = units.stream().max(Integer::compare).orElse(1);
    Path root = Files.createTempDirectory("caas-bench-tools-");
    writeCharm(root.resolve("charm"));
    BenchOperator.writeSpec(root, most, 0);
    Path script = Files.writeString(root.resolve("calls.sh"), script());
    Path podTools = root.resolve("pod-tools");
    HookToolShims.installPortable(podTools);
    try (BenchOperator operator = BenchOperator.start(root, most)) {
      operator.awaitIdleUnits(most);
      Round round = new Round(root, operator.dataDir.resolve("agents"), script);
      // one untimed round so that both the JVM and the page cache have seen every path
      round.run(1, Math.min(calls, 20), null);
      for (int n : units) measure("local", n, () -> round.run(n, calls, null));
      if (podCalls > 0) measure("pod", 1, () -> round.run(1, podCalls, podTools));
    }
    return 0;
  }

  /**
   * One measurement: units 0..n-1 run the calls in their next config-changed hook (a config edit
   * makes every unit run one; the others' end at once), each writing its timings beside it.
   */
  private static final class Round {
    private final Path root;
    private final Path agents;
    private final Path script;
    private int number;

    Round(Path root, Path agents, Path script) {
      this.root = root;
      this.agents = agents;
      this.script = script;
    }

    Map<String, List<Double>> run(int concurrency, int n, Path toolsDir) throws Exception {
      List<Path> dirs = new ArrayList<>();
      for (int u = 0; u < concurrency; u++) {
        Path dir = agents.resolve("unit-bench-" + u);
        Files.deleteIfExists(dir.resolve("tools-bench.done"));
        Files.writeString(
            dir.resolve("tools-bench"),
            script + " " + n + (toolsDir == null ? "" : " " + toolsDir) + "\n");
        dirs.add(dir);
      }
      BenchOperator.writeSpec(root, countUnits(), ++number);
      Map<String, List<Double>> latencies = new LinkedHashMap<>();
      long deadline = System.nanoTime() + Duration.ofHours(1).toNanos();
      for (Path dir : dirs) {
        while (!Files.exists(dir.resolve("tools-bench.done"))) {
          if (System.nanoTime() > deadline)
            throw new IllegalStateException("no timings from " + dir);
          Thread.sleep(100); // a benchmark's poll: the timings come from the hooks themselves
        }
        String failure = Files.readString(dir.resolve("tools-bench.err"));
        if (!failure.isBlank())
          throw new IllegalStateException("the calls failed in " + dir + ": " + failure);
        for (String line : Files.readAllLines(dir.resolve("tools-bench.out"))) {
          String[] parts = line.split(" ");
          if (parts.length != 2) continue;
          latencies
              .computeIfAbsent(parts[0], k -> new ArrayList<>())
              .add(Long.parseLong(parts[1]) / 1000.0);
        }
      }
      latencies.values().forEach(Collections::sort);
      return latencies;
    }

    private int countUnits() throws java.io.IOException {
      try (var dirs = Files.list(agents)) {
        return (int) dirs.filter(d -> d.getFileName().toString().startsWith("unit-bench-")).count();
      }
    }
  }

  private static void measure(
      String path, int concurrency, Callable<Map<String, List<Double>>> round) throws Exception {
    CpuMeter.Sample before = CpuMeter.now();
    Map<String, List<Double>> latencies = round.call();
    CpuMeter.Sample used = CpuMeter.now().minus(before);
    print(path, concurrency, latencies);
    int toolCalls =
        latencies.entrySet().stream()
            .filter(e -> CALLS.containsKey(e.getKey()))
            .mapToInt(e -> e.getValue().size())
            .sum();
    System.out.printf(
        "tools     path=%s units=%d operator jvm cpu per tool call=%s (CPU of this JVM during the round, /proc/self/stat)%n",
        path, concurrency, Figures.millis(used.jvm() * 1000 / toolCalls));
  }

  private static void print(String path, int concurrency, Map<String, List<Double>> latencies) {
    List<Double> bare = latencies.get("true");
    double bare50 = Figures.quantile(bare, 0.5);
    double bare99 = Figures.quantile(bare, 0.99);
    System.out.printf(
        "tools     path=%s units=%d calls=%d /bin/true p50=%s p99=%s%n",
        path, concurrency, bare.size(), Figures.millis(bare50), Figures.millis(bare99));
    for (String tool : CALLS.keySet()) {
      List<Double> sorted = latencies.get(tool);
      double p50 = Figures.quantile(sorted, 0.5);
      double p99 = Figures.quantile(sorted, 0.99);
      System.out.printf(
          "tools     path=%s units=%d %-10s p50=%s (%.1fx /bin/true p50) p99=%s (%.1fx /bin/true p99, %.1fx its p50)%n",
          path,
          concurrency,
          tool,
          Figures.millis(p50),
          p50 / bare50,
          Figures.millis(p99),
          p99 / bare99,
          p99 / bare50);
    }
    List<Double> curl = latencies.get("curl");
    if (curl != null) {
      System.out.printf(
          "tools     path=%s units=%d curl alone (refused at once) p50=%s p99=%s%n",
          path,
          concurrency,
          Figures.millis(Figures.quantile(curl, 0.5)),
          Figures.millis(Figures.quantile(curl, 0.99)));
    }
  }

  /**
   * The bench charm with a config-changed that runs the calls when its unit holds a {@code
   * tools-bench} file ({@code <script> <rounds> [tools dir]}), from the unit's directory.
   */
  private static void writeCharm(Path dir) throws java.io.IOException {
    BenchCharm.write(dir);
    Path hook = BenchCharm.hook(dir, "config-changed");
    Files.writeString(
        hook,
        """
        #!/bin/bash
        cd "$HOME" || exit 1
        [ -f tools-bench ] || exit 0
        read -r script rounds tools < tools-bench
        rm -f tools-bench
        bash "$script" "$rounds" $tools > tools-bench.out 2> tools-bench.err
        touch tools-bench.done
        """);
  }

  /**
   * The loop every unit runs: per round a bare {@code /bin/true}, then each tool, each timed by the
   * shell; one {@code <name> <microseconds>} line per call. A tool that fails ends the run with its
   * message.
   */
  static String script() {
    StringBuilder s =
        new StringBuilder(
            """
        #!/bin/bash
        # Written by caas-operator-bench tools: $1 rounds; $2 (optional) the directory of the tools to call.
        set -u
        n=$1
        dir=${2:+$2/}
        us() { echo "$1 $(( ${2/./} - ${3/./} ))"; }
        for ((i = 0; i < n; i++)); do
          s=$EPOCHREALTIME; /bin/true; e=$EPOCHREALTIME; us true "$e" "$s"
          # the pod path's floor: a curl process that cannot connect (nothing listens on port 1)
          if [ -n "$dir" ]; then s=$EPOCHREALTIME; curl -q -s http://127.0.0.1:1/; e=$EPOCHREALTIME; us curl "$e" "$s"; fi
        """);
    CALLS.forEach(
        (name, call) ->
            s.append("  s=$EPOCHREALTIME; ${dir}")
                .append(call)
                .append(" >/dev/null || { echo \"")
                .append(name)
                .append(" failed\" >&2; exit 1; }; e=$EPOCHREALTIME; us ")
                .append(name)
                .append(" \"$e\" \"$s\"\n"));
    s.append("done\n");
    return s.toString();
  }

  private static Map<String, String> calls() {
    Map<String, String> calls = new LinkedHashMap<>();
    calls.put("config-get", "config-get --format=json");
    calls.put("is-leader", "is-leader --format=json");
    calls.put("status-set", "status-set --application=False maintenance \"step $i\"");
    calls.put("juju-log", "juju-log --log-level DEBUG -- \"round $i\"");
    return Collections.unmodifiableMap(calls);
  }
}
