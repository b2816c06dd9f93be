package io.caasoperator.pebble.timers;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Wall-clock timers: one daemon thread keeps time and hands every due task to a new virtual thread.
 */
public final class SystemTimers implements Timers, AutoCloseable {
  private final ScheduledExecutorService scheduler =
      Executors.newSingleThreadScheduledExecutor(
          r -> {
            Thread t = new Thread(r, "pebble-timers");
            t.setDaemon(true);
            return t;
          });

  @Override
  public Cancellable schedule(Duration delay, Runnable task) {
    ScheduledFuture<?> f =
        scheduler.schedule(
            () -> Thread.ofVirtual().name("pebble-timer").start(task),
            Math.max(0, delay.toNanos()),
            TimeUnit.NANOSECONDS);
    return () -> f.cancel(false);
  }

  @Override
  public void close() {
    scheduler.shutdownNow();
  }
}
