package io.caasoperator.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/** Small measuring and printing pieces shared by the benchmarks. */
final class Figures {
  private Figures() {}

  /**
   * The line each benchmark opens with, naming what its figures depend on: cores, the JVM and any
   * {@code more} (heap, the Python it runs), so that runs on different machines are not compared
   * unawares.
   */
  static String machine(String... more) {
    StringBuilder line =
        new StringBuilder("machine: ")
            .append(Runtime.getRuntime().availableProcessors())
            .append(" cores, java ")
            .append(Runtime.version());
    for (String m : more) line.append(", ").append(m);
    return line.toString();
  }

  static String seconds(Duration d) {
    return String.format("%.2fs", d.toNanos() / 1e9);
  }

  static String millis(double ms) {
    return String.format("%.1fms", ms);
  }

  /** The value at quantile q (0..1) of sorted values. */
  static double quantile(List<Double> sorted, double q) {
    if (sorted.isEmpty()) return Double.NaN;
    int index = (int) Math.ceil(q * sorted.size()) - 1;
    return sorted.get(Math.max(0, Math.min(sorted.size() - 1, index)));
  }

  /**
   * Heap in use after a full collection (collected twice: finalisable objects go in the second).
   */
  static long heapAfterGc() {
    System.gc();
    System.gc();
    return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
  }

  /** Resident set size of this process, from /proc (0 where there is none). */
  static long rss() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
        if (line.startsWith("VmRSS:")) return Long.parseLong(line.replaceAll("\\D", "")) * 1024;
      }
    } catch (IOException | NumberFormatException e) {
      return 0;
    }
    return 0;
  }

  static String mib(long bytes) {
    return String.format("%.1fMiB", bytes / 1024.0 / 1024.0);
  }
}
