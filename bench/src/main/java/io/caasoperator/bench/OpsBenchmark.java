package io.caasoperator.bench;

import io.caasoperator.hooktool.catalogue.HookTools;
import io.caasoperator.persistence.UnitEvent;
import io.caasoperator.persistence.timeline.JournalEntry;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * A real {@code ops} charm's lifecycle (install, leader-elected or leader-settings-changed,
 * config-changed, start; 2 units, charmcraft's {@code dispatch}, ops from the vendored 2.17.0) run
 * by the operator, against the same {@code dispatch} run bare, with the same environment and
 * parallelism, its hook tools answered at once by stub scripts: what the operator adds to each
 * hook, its tools included.
 */
@Command(
    name = "ops",
    description =
        "A real ops charm's lifecycle through the operator against the same dispatch with stub tools.")
final class OpsBenchmark implements Callable<Integer> {

  /**
   * Unit 0 leads: it runs leader-elected; unit 1 follows: it runs leader-settings-changed once
   * after install (Juju 3.6), which dispatch runs as every hook. The bare run spawns as many
   * processes.
   */
  static final List<List<String>> HOOKS =
      List.of(
          List.of("install", "leader-elected", "config-changed", "start"),
          List.of("install", "leader-settings-changed", "config-changed", "start"));

  @Option(
      names = "--ops",
      description =
          "The ops package's directory (default: ../shared/vendor/ops-2.17.0 beside the repository).")
  Path ops;

  @Option(
      names = "--site-packages",
      defaultValue = "/usr/lib/python3/dist-packages",
      description =
          "Where PyYAML and websocket-client are taken from, as charmcraft puts them in venv/ (default: ${DEFAULT-VALUE}).")
  Path sitePackages;

  @Option(
      names = "--rounds",
      defaultValue = "3",
      description =
          "Lifecycles measured, each against its own baseline (default: ${DEFAULT-VALUE}).")
  int rounds;

  @Override
  public Integer call() throws Exception {
    Path opsDir =
        ops != null ? ops : Bench.repository().getParent().resolve("shared/vendor/ops-2.17.0");
    if (!Files.isDirectory(opsDir.resolve("ops"))) {
      System.err.println("ops bench: no ops package under " + opsDir + " (give --ops DIR)");
      return 2;
    }
    Path python = python3();
    System.out.println(Figures.machine("python3 " + python));
    if (python == null
        || Files.readString(python, java.nio.charset.StandardCharsets.ISO_8859_1)
            .startsWith("#!")) {
      // a pyenv shim costs ~100 ms per start, and every hook starts python: that would hide the
      // operator
      System.err.println(
          "ops bench: python3 on PATH is "
              + python
              + ", not a python binary;"
              + " run with PATH=/usr/local/bin:/usr/bin:/bin (the hooks get this PATH)");
      return 2;
    }
    for (int round = 1; round <= rounds; round++) run(round, opsDir);
    return 0;
  }

  private void run(int round, Path opsDir) throws Exception {
    Path root = Files.createTempDirectory("caas-bench-ops-");
    Path charm = writeCharm(root.resolve("charm"), opsDir, sitePackages);
    Files.writeString(
        root.resolve("app.yaml"),
        "application: bench\ncharm: charm\nscale: 2\nconfig:\n  greeting: hi\n");

    List<Double> operatorHooks = new ArrayList<>();
    List<Double> operatorProcesses = new ArrayList<>();
    Duration operatorLifecycle;
    CpuMeter.Sample operatorCpu;
    try (CpuMeter meter = CpuMeter.start();
        BenchOperator operator = BenchOperator.start(root, 2)) {
      operator.awaitNanos(
          view ->
              view.units().size() == 2
                  && view.units().stream()
                      .allMatch(u -> u.runningHook() == null && "start".equals(u.lastHook())),
          Duration.ofMillis(100),
          Duration.ofMinutes(10));
      Map<String, JournalEntry> started = new HashMap<>();
      java.time.Instant first = null;
      java.time.Instant last = null;
      for (JournalEntry entry : operator.journal()) {
        if (entry.event() instanceof UnitEvent.HookStarted s) {
          started.put(entry.entity(), entry);
          if (first == null) first = s.at();
        }
        if (entry.event() instanceof UnitEvent.HookFailed f) {
          throw new IllegalStateException(
              "hook " + f.hook() + " failed in " + entry.entity() + ": " + f.reason());
        }
        if (entry.event() instanceof UnitEvent.HookCompleted c
            && started.containsKey(entry.entity())) {
          var s = (UnitEvent.HookStarted) started.remove(entry.entity()).event();
          operatorHooks.add(Duration.between(s.at(), c.at()).toNanos() / 1e6);
          operatorProcesses.add((double) c.durationMillis());
          last = c.at();
        }
      }
      operatorLifecycle = Duration.between(first, last);
      // epoch seconds, to match per-thread CPU samples taken from outside
      // (bench/scripts/thread-cpu.sh)
      System.out.printf(
          "ops       round=%d hooks ran from %d.%03d to %d.%03d (epoch seconds)%n",
          round,
          first.getEpochSecond(),
          first.getNano() / 1_000_000,
          last.getEpochSecond(),
          last.getNano() / 1_000_000);
      operatorCpu = meter.at(last).minus(meter.at(first));
    }

    Path bare = root.resolve("bare");
    Path stubs = writeStubs(bare.resolve("tools"));
    Path calls = bare.resolve("calls.log");
    List<Double> bareHooks = Collections.synchronizedList(new ArrayList<>());
    CpuMeter.Sample bareBefore = CpuMeter.now();
    long start = System.nanoTime();
    try (ExecutorService units = Executors.newVirtualThreadPerTaskExecutor()) {
      List<Future<?>> runs = new ArrayList<>();
      for (int unit = 0; unit < HOOKS.size(); unit++) {
        int n = unit;
        Path unitCharm = bare.resolve("unit-" + n + "/charm");
        copy(charm, unitCharm);
        runs.add(
            units.submit(
                () -> {
                  for (String hook : HOOKS.get(n))
                    bareHooks.add(bareHook(unitCharm, stubs, calls, n, hook));
                  return null;
                }));
      }
      for (Future<?> run : runs) run.get();
    }
    Duration bareLifecycle = Duration.ofNanos(System.nanoTime() - start);
    CpuMeter.Sample bareCpu = CpuMeter.now().minus(bareBefore);
    long toolCalls;
    try (Stream<String> lines = Files.lines(calls)) {
      toolCalls = lines.count();
    }

    double operatorMean = mean(operatorHooks);
    double bareMean = mean(bareHooks);
    System.out.printf(
        "ops       round=%d hooks=%d tool-calls=%d (%.1f per hook) per hook: operator=%s (its process %s) "
            + "bare dispatch with stub tools=%s ratio=%.2f; lifecycle operator=%s bare=%s ratio=%.2f%n",
        round,
        operatorHooks.size(),
        toolCalls,
        (double) toolCalls / bareHooks.size(),
        Figures.millis(operatorMean),
        Figures.millis(mean(operatorProcesses)),
        Figures.millis(bareMean),
        operatorMean / bareMean,
        Figures.seconds(operatorLifecycle),
        Figures.seconds(bareLifecycle),
        (double) operatorLifecycle.toNanos() / bareLifecycle.toNanos());
    System.out.printf(
        "ops       round=%d cpu per hook: operator jvm=%s hook processes=%s; bare jvm=%s hook processes=%s%n",
        round,
        Figures.millis(operatorCpu.jvm() * 1000 / operatorHooks.size()),
        Figures.millis(operatorCpu.children() * 1000 / operatorHooks.size()),
        Figures.millis(bareCpu.jvm() * 1000 / bareHooks.size()),
        Figures.millis(bareCpu.children() * 1000 / bareHooks.size()));
  }

  /** One hook as the operator would run it, but with stub tools first on PATH; its time in ms. */
  private static double bareHook(Path charm, Path stubs, Path calls, int unit, String hook)
      throws Exception {
    ProcessBuilder builder =
        new ProcessBuilder(charm.resolve("dispatch").toString()).directory(charm.toFile());
    Map<String, String> env = builder.environment();
    String path = env.getOrDefault("PATH", "/usr/local/bin:/usr/bin:/bin");
    env.clear(); // as the operator starts hooks: nothing of its own environment but PATH
    env.put("PATH", stubs + ":" + path);
    env.put("LANG", "C.UTF-8");
    env.put("HOME", charm.getParent().toString());
    env.put("JUJU_UNIT_NAME", "bench/" + unit);
    env.put("JUJU_MODEL_NAME", "bench");
    env.put("JUJU_VERSION", "3.6.0");
    env.put("JUJU_CHARM_DIR", charm.toString());
    env.put("CHARM_DIR", charm.toString());
    env.put("JUJU_CONTEXT_ID", "bench/" + unit + "-" + hook + "-1");
    env.put("JUJU_AGENT_SOCKET_NETWORK", "tcp");
    env.put("JUJU_HOOK_NAME", hook);
    env.put("JUJU_DISPATCH_PATH", "hooks/" + hook);
    env.put("BENCH_LEADER", unit == 0 ? "true" : "false");
    env.put("BENCH_CALLS", calls.toString());
    builder.redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
    long start = System.nanoTime();
    Process process = builder.start();
    Future<byte[]> err =
        Executors.newVirtualThreadPerTaskExecutor()
            .submit(() -> process.getErrorStream().readAllBytes());
    process.getInputStream().transferTo(java.io.OutputStream.nullOutputStream());
    int code = process.waitFor();
    double millis = (System.nanoTime() - start) / 1e6;
    if (code != 0) {
      throw new IllegalStateException(
          "bare " + hook + " of unit " + unit + " exited " + code + ": " + new String(err.get()));
    }
    return millis;
  }

  /**
   * A charm as charmcraft packs it: charmcraft's {@code dispatch}, {@code src/charm.py}, ops and
   * its two dependencies in {@code venv/}. The one line added to dispatch changes to the charm
   * directory, which Juju makes the working directory of a hook and this operator does not yet.
   */
  static Path writeCharm(Path dir, Path opsDir, Path sitePackages) throws IOException {
    Files.createDirectories(dir.resolve("src"));
    Files.writeString(
        dir.resolve("metadata.yaml"), "name: opsbench\nsummary: a charm written with ops\n");
    Files.writeString(
        dir.resolve("config.yaml"), "options:\n  greeting: {type: string, default: hello}\n");
    executable(
        dir.resolve("dispatch"),
        """
        #!/bin/sh
        cd "$JUJU_CHARM_DIR" || exit 1
        JUJU_DISPATCH_PATH="${JUJU_DISPATCH_PATH:-$0}" PYTHONPATH=lib:venv /usr/bin/env python3 ./src/charm.py
        """);
    executable(
        dir.resolve("src/charm.py"),
        """
        #!/usr/bin/env python3
        \"\"\"A small charm as ops charms are written: status, config, leadership, logging.\"\"\"
        import logging

        import ops

        logger = logging.getLogger(__name__)


        class BenchCharm(ops.CharmBase):
            def __init__(self, framework):
                super().__init__(framework)
                framework.observe(self.on.install, self._on_install)
                framework.observe(self.on.leader_elected, self._on_leader_elected)
                framework.observe(self.on.config_changed, self._on_config_changed)
                framework.observe(self.on.start, self._on_start)

            def _on_install(self, event):
                self.unit.status = ops.MaintenanceStatus("installing")
                logger.info("installing %s", self.unit.name)

            def _on_leader_elected(self, event):
                logger.info("%s leads", self.unit.name)
                self.app.status = ops.ActiveStatus()

            def _on_config_changed(self, event):
                greeting = self.config["greeting"]
                logger.debug("greeting is %s", greeting)
                self.unit.status = ops.ActiveStatus(f"says {greeting}")

            def _on_start(self, event):
                if self.unit.is_leader():
                    self.app.status = ops.ActiveStatus("ready")
                self.unit.status = ops.ActiveStatus()


        if __name__ == "__main__":
            # State in Juju (state-get/state-set) rather than .unit-state.db in the charm
            # directory, which the units of this operator still share: more tool calls per hook.
            ops.main(BenchCharm, use_juju_for_storage=True)
        """);
    copy(opsDir.resolve("ops"), dir.resolve("venv/ops"));
    for (String dependency : List.of("yaml", "websocket")) {
      Path source = sitePackages.resolve(dependency);
      if (!Files.isDirectory(source))
        throw new IllegalStateException("no " + dependency + " package in " + sitePackages);
      copy(source, dir.resolve("venv").resolve(dependency));
    }
    return dir;
  }

  /**
   * A stub for every tool: what ops needs to go on (is-leader, config-get), nothing for the rest;
   * each call leaves one line in {@code $BENCH_CALLS} (a builtin append: no process).
   */
  private static Path writeStubs(Path dir) throws IOException {
    Files.createDirectories(dir);
    Map<String, String> answers = new LinkedHashMap<>();
    answers.put("is-leader", "echo \"$BENCH_LEADER\"");
    answers.put("config-get", "echo '{\"greeting\": \"hi\"}'");
    answers.put("state-set", "while read -r line; do :; done"); // its --file - input
    for (String tool : HookTools.NAMES) {
      executable(
          dir.resolve(tool),
          "#!/bin/sh\necho "
              + tool
              + " >> \"$BENCH_CALLS\"\n"
              + answers.getOrDefault(tool, "")
              + "\n");
    }
    return dir;
  }

  private static void executable(Path file, String content) throws IOException {
    Files.writeString(file, content);
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
  }

  private static void copy(Path from, Path to) throws IOException {
    try (Stream<Path> tree = Files.walk(from)) {
      for (Path source : tree.toList()) {
        if (source.toString().contains("__pycache__")) continue;
        Path target = to.resolve(from.relativize(source).toString());
        if (Files.isDirectory(source)) {
          Files.createDirectories(target);
        } else {
          Files.createDirectories(target.getParent());
          try (InputStream in = Files.newInputStream(source)) {
            Files.copy(in, target);
          }
          if (Files.isExecutable(source))
            Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
      }
    }
  }

  /**
   * The python3 that {@code /usr/bin/env python3} finds on this JVM's PATH, which hooks get too.
   */
  private static Path python3() {
    for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
      Path candidate = Path.of(dir.isEmpty() ? "." : dir, "python3");
      if (Files.isExecutable(candidate)) return candidate.toAbsolutePath();
    }
    return null;
  }

  private static double mean(List<Double> values) {
    return values.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
  }
}
