package io.caasoperator.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * CPU time of this JVM and of the processes it started and reaped (the hooks), from {@code
 * /proc/self/stat}, sampled every few milliseconds so that a window known only afterwards (the
 * journal's own event times) can still be measured. Resolution is the kernel's clock tick (10 ms),
 * small next to the seconds of CPU a lifecycle run takes. Where there is no {@code /proc} every
 * figure is zero.
 */
final class CpuMeter implements AutoCloseable {
  /** Linux's USER_HZ, the unit of the times in {@code /proc/<pid>/stat}. */
  private static final double TICK_SECONDS = 0.01;

  private static final long INTERVAL_MILLIS = 10;

  /** CPU seconds used so far: by the JVM's own threads, and by its reaped child processes. */
  record Sample(Instant at, double jvm, double children) {
    Sample minus(Sample earlier) {
      return new Sample(at, jvm - earlier.jvm, children - earlier.children);
    }

    /** This sample without {@code seconds} of the JVM's CPU: the meter's own, which is no work. */
    Sample without(double seconds) {
      return new Sample(at, jvm - seconds, children);
    }
  }

  private final List<Sample> samples = new ArrayList<>();
  private final Thread sampler;
  private volatile boolean running = true;

  private CpuMeter() {
    sampler =
        Thread.ofPlatform()
            .daemon()
            .name("bench-cpu-meter")
            .start(
                () -> {
                  // reading /proc every 10 ms costs 1-2 % of a core, more on a loaded
                  // machine: counted, it would be charged to the operator's hooks
                  var threads = java.lang.management.ManagementFactory.getThreadMXBean();
                  while (running) {
                    Sample s = now().without(threads.getCurrentThreadCpuTime() / 1e9);
                    synchronized (samples) {
                      samples.add(s);
                    }
                    try {
                      Thread.sleep(INTERVAL_MILLIS); // a sampling period, not synchronisation
                    } catch (InterruptedException e) {
                      return;
                    }
                  }
                });
  }

  static CpuMeter start() {
    return new CpuMeter();
  }

  /** The last sample taken at or before {@code time} (the first one when none was). */
  Sample at(Instant time) {
    synchronized (samples) {
      Sample found = samples.isEmpty() ? now() : samples.getFirst();
      for (Sample s : samples) {
        if (s.at().isAfter(time)) break;
        found = s;
      }
      return found;
    }
  }

  static Sample now() {
    Instant at = Instant.now();
    try {
      String stat = Files.readString(Path.of("/proc/self/stat"));
      // fields after the command name, which may hold spaces: state is [0], utime [11] ... cstime
      // [14]
      String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
      double jvm = (Long.parseLong(f[11]) + Long.parseLong(f[12])) * TICK_SECONDS;
      double children = (Long.parseLong(f[13]) + Long.parseLong(f[14])) * TICK_SECONDS;
      return new Sample(at, jvm, children);
    } catch (IOException | RuntimeException e) {
      return new Sample(at, 0, 0);
    }
  }

  @Override
  public void close() throws InterruptedException {
    running = false;
    sampler.interrupt();
    sampler.join();
  }
}
