package io.caasoperator.bench;

import java.io.File;
import java.io.InputStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;

/**
 * The unavoidable work: spawn the same processes from the JVM with the same parallelism, the same
 * kind of environment, stdin from /dev/null and both outputs read, and wait for each.
 */
final class SpawnBaseline {
  private SpawnBaseline() {}

  static Duration run(List<List<String>> commands, Path workDir, int parallelism) throws Exception {
    Semaphore slots = new Semaphore(parallelism);
    long start = System.nanoTime();
    try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
      List<Future<Integer>> runs = new ArrayList<>();
      for (List<String> command : commands) {
        runs.add(
            threads.submit(
                () -> {
                  slots.acquire();
                  try {
                    return spawn(command, workDir);
                  } finally {
                    slots.release();
                  }
                }));
      }
      for (Future<Integer> run : runs) {
        int code = run.get();
        if (code != 0) throw new IllegalStateException("baseline process failed with " + code);
      }
    }
    return Duration.ofNanos(System.nanoTime() - start);
  }

  /**
   * The time of each of {@code count} runs of {@code command}, one after another, in milliseconds,
   * sorted: what a process costs by itself, for latencies to be set against.
   */
  static List<Double> latencies(List<String> command, Path workDir, int count) throws Exception {
    List<Double> millis = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      long start = System.nanoTime();
      int code = spawn(command, workDir);
      millis.add((System.nanoTime() - start) / 1e6);
      if (code != 0) throw new IllegalStateException("baseline process failed with " + code);
    }
    java.util.Collections.sort(millis);
    return millis;
  }

  private static int spawn(List<String> command, Path workDir) throws Exception {
    ProcessBuilder builder = new ProcessBuilder(command).directory(workDir.toFile());
    Map<String, String> env = builder.environment();
    env.clear();
    env.put("PATH", "/usr/local/bin:/usr/bin:/bin");
    env.put("JUJU_UNIT_NAME", "bench/0");
    env.put("JUJU_HOOK_NAME", "install");
    builder.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
    Process process = builder.start();
    Thread err = Thread.ofVirtual().start(() -> drain(process.getErrorStream()));
    drain(process.getInputStream());
    int code = process.waitFor();
    err.join();
    return code;
  }

  private static void drain(InputStream in) {
    try (in) {
      in.transferTo(java.io.OutputStream.nullOutputStream());
    } catch (java.io.IOException ignored) {
      // the process is gone
    }
  }
}
