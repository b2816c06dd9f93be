package io.caasoperator.bench;

import io.caasoperator.operator.ApplicationView;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Lifecycle throughput, memory, fan-out latency and recovery, for each number of units:
 *
 * <ol>
 *   <li>N units of a no-op charm from start to the last {@code start} completed, against the same
 *       hook processes spawned bare with the same parallelism;
 *   <li>heap after GC and RSS with the N units idle;
 *   <li>a config edit: time from the edit to each unit's {@code config-changed} start;
 *   <li>the operator restarted on that journal: time until every unit is recovered and ready.
 * </ol>
 */
@Command(
    name = "lifecycle",
    description = "Lifecycle throughput, memory, fan-out latency and recovery of N units.")
final class LifecycleBenchmark implements Callable<Integer> {

  /**
   * Where the figure comes from elsewhere (journal, hook files): poll rarely, so polling costs
   * nothing.
   */
  private static final Duration SLOW_POLL = Duration.ofMillis(250);

  /** Where the poll is the measurement (recovery): often, at the cost of some CPU. */
  private static final Duration FAST_POLL = Duration.ofMillis(20);

  @Option(
      names = "--units",
      split = ",",
      defaultValue = "100,1000",
      description = "Numbers of units (default: ${DEFAULT-VALUE}).")
  List<Integer> units;

  @Option(
      names = "--parallelism",
      defaultValue = "4",
      description =
          "Hook processes at once, operator and baseline alike (default: ${DEFAULT-VALUE}).")
  int parallelism;

  @Override
  public Integer call() throws Exception {
    System.out.println(
        Figures.machine(Figures.mib(Runtime.getRuntime().maxMemory()) + " max heap"));
    for (int n : units) run(n);
    return 0;
  }

  private void run(int n) throws Exception {
    Path root = Files.createTempDirectory("caas-bench-" + n + "-");
    Path charm = BenchCharm.write(root.resolve("charm"));
    BenchOperator.writeSpec(root, n, 0);
    // install, config-changed, start each; leader-elected once. The followers'
    // leader-settings-changed
    // is skipped (BenchCharm has no such hook): no process, so the baseline spawns as many as this.
    int hooks = 3 * n + 1;

    Duration lifecycle;
    CpuMeter.Sample operatorCpu;
    try (CpuMeter meter = CpuMeter.start();
        BenchOperator operator = BenchOperator.start(root, parallelism)) {
      // from the first hook (the units exist, the charm is deployed) to the last start completed,
      // as the journal's event times say; the status is only polled to know when it is over
      operator.awaitNanos(view -> allStarted(view, n), SLOW_POLL, Duration.ofHours(2));
      BenchOperator.Window window = operator.lifecycleFromJournal();
      lifecycle = window.length();
      operatorCpu = meter.at(window.to()).minus(meter.at(window.from()));

      long heap = Figures.heapAfterGc();
      long rss = Figures.rss();
      System.out.printf(
          "memory    units=%d heap-after-gc=%s rss=%s heap-per-unit=%.1fKiB%n",
          n, Figures.mib(heap), Figures.mib(rss), heap / 1024.0 / n);

      fanOut(operator, root, n);
    }

    List<List<String>> commands = new ArrayList<>();
    for (int i = 0; i < hooks; i++) {
      String hook = i == 0 ? "leader-elected" : BenchCharm.HOOKS.get(i % 2 == 0 ? 0 : 2);
      commands.add(List.of(BenchCharm.hook(charm, hook).toString()));
    }
    CpuMeter.Sample before = CpuMeter.now();
    Duration baseline = SpawnBaseline.run(commands, root, parallelism);
    CpuMeter.Sample baselineCpu = CpuMeter.now().minus(before);
    System.out.printf(
        "cpu       units=%d per hook: operator jvm=%s hook processes=%s; baseline jvm=%s hook processes=%s"
            + " (CPU time of this JVM and of its reaped children, /proc/self/stat)%n",
        n,
        perHook(operatorCpu.jvm(), hooks),
        perHook(operatorCpu.children(), hooks),
        perHook(baselineCpu.jvm(), hooks),
        perHook(baselineCpu.children(), hooks));
    System.out.printf(
        "lifecycle units=%d hooks=%d parallelism=%d operator=%s baseline=%s ratio=%.2f per-unit=%s%n",
        n,
        hooks,
        parallelism,
        Figures.seconds(lifecycle),
        Figures.seconds(baseline),
        (double) lifecycle.toNanos() / baseline.toNanos(),
        Figures.millis(lifecycle.toNanos() / 1e6 / n));

    long r0 = System.nanoTime();
    try (BenchOperator operator = BenchOperator.start(root, parallelism)) {
      long ready =
          operator.awaitNanos(view -> allRecovered(view, n), FAST_POLL, Duration.ofMinutes(30));
      System.out.printf(
          "recovery  units=%d ready-after=%s (start-up, journal recovery of every unit)%n",
          n, Figures.seconds(Duration.ofNanos(ready - r0)));
    }
  }

  private static String perHook(double cpuSeconds, int hooks) {
    return String.format("%.2fms", cpuSeconds * 1000 / hooks);
  }

  /** Every unit idle after its start hook. */
  private static boolean allStarted(ApplicationView view, int n) {
    return view.units().size() == n
        && view.units().stream()
            .allMatch(u -> u.runningHook() == null && u.hooksRun() >= 3 && u.charmGeneration() > 0);
  }

  /** Every unit's actor recovered and reported (placeholders have run no hook). */
  private static boolean allRecovered(ApplicationView view, int n) {
    return view.units().size() == n && view.units().stream().allMatch(u -> u.hooksRun() >= 3);
  }

  private void fanOut(BenchOperator operator, Path root, int n) throws Exception {
    Path agents = operator.dataDir.resolve("agents");
    try (Stream<Path> dirs = Files.list(agents)) {
      for (Path dir : dirs.toList()) Files.writeString(dir.resolve("fanout"), "");
    }
    double edit = System.currentTimeMillis() / 1000.0;
    BenchOperator.writeSpec(root, n, 1);
    operator.awaitNanos(
        view -> view.units().stream().allMatch(u -> u.hooksRun() >= 4 && u.runningHook() == null),
        SLOW_POLL,
        Duration.ofHours(1)); // the latencies come from the hooks themselves
    List<Double> latencies = new ArrayList<>();
    try (Stream<Path> dirs = Files.list(agents)) {
      for (Path dir : dirs.toList()) {
        Path started = dir.resolve("config-changed.started");
        if (Files.exists(started))
          latencies.add((Double.parseDouble(Files.readString(started).strip()) - edit) * 1000);
      }
    }
    Collections.sort(latencies);
    List<List<String>> same = new ArrayList<>();
    for (int i = 0; i < n; i++)
      same.add(List.of(BenchCharm.hook(root.resolve("charm"), "start").toString()));
    Duration imposed = SpawnBaseline.run(same, root, parallelism);
    System.out.printf(
        "fanout    units=%d measured=%d p50=%s p99=%s max=%s; the concurrency limit (%d) alone imposes ~%s"
            + " to start %d hook processes (spec edit seen through file events)%n",
        n,
        latencies.size(),
        Figures.millis(Figures.quantile(latencies, 0.5)),
        Figures.millis(Figures.quantile(latencies, 0.99)),
        Figures.millis(Figures.quantile(latencies, 1.0)),
        parallelism,
        Figures.seconds(imposed),
        n);
    if (latencies.size() < n)
      System.out.printf(
          "fanout    warning: only %d of %d units recorded a start%n", latencies.size(), n);
  }
}
