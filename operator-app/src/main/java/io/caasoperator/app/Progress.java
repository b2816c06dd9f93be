package io.caasoperator.app;

import java.io.PrintStream;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * One progress line on stderr for work that takes seconds (reading a long journal, exporting,
 * importing): {@code exporting: 12,345 of 100,000 events (12%), 3 s}. It is drawn only on a
 * terminal, rewritten in place ({@code \r}) at most every {@value #EVERY_MILLIS} ms, and erased
 * when the work ends or the command starts printing; in a pipe or a log file it prints nothing at
 * all.
 *
 * <p>Whether stderr is a terminal the JVM cannot tell ({@code System.console()} is about stdin and
 * stdout); the launcher can ({@code [ -t 2 ]}) and says so in {@value #TERMINAL_PROPERTY}.
 */
final class Progress implements AutoCloseable {

  /** Set to {@code true} by {@code bin/caas-operator} when stderr is a terminal. */
  static final String TERMINAL_PROPERTY = "caas.stderr.tty";

  static final long EVERY_MILLIS = 200;
  private static final long TICK_MILLIS = 500;

  /** What is counted. */
  enum Unit {
    EVENTS,
    BYTES
  }

  private final PrintStream out;
  private final String what;
  private final Unit unit;
  private final LongSupplier nanos;
  private final long started;
  private long count;
  private long total = -1;
  private long drawnAt;
  private boolean drawn;
  private boolean closed;
  private ScheduledExecutorService ticker;

  /**
   * @param out where to draw; null draws nothing (not a terminal)
   * @param what the work, e.g. {@code exporting}
   * @param nanos the clock ({@link System#nanoTime} but in tests)
   */
  Progress(PrintStream out, String what, Unit unit, LongSupplier nanos) {
    this.out = out;
    this.what = what;
    this.unit = unit;
    this.nanos = nanos;
    this.started = nanos.getAsLong();
    this.drawnAt = started;
  }

  /** A progress line on stderr when it is a terminal, else one that prints nothing. */
  static Progress onStderr(String what, Unit unit) {
    return new Progress(
        Boolean.getBoolean(TERMINAL_PROPERTY) ? System.err : null, what, unit, System::nanoTime);
  }

  /** Prints nothing, ever (output that is not for a person at a terminal). */
  static Progress none() {
    return new Progress(null, "", Unit.EVENTS, System::nanoTime);
  }

  /** How many there are in all, once known (for a fraction). */
  synchronized void total(long total) {
    this.total = total;
  }

  synchronized void advance(long by) {
    at(count + by);
  }

  /** {@code count} done so far. */
  synchronized void at(long count) {
    this.count = count;
    if (nanos.getAsLong() - drawnAt >= TimeUnit.MILLISECONDS.toNanos(EVERY_MILLIS)) draw();
  }

  /**
   * Keeps the line moving (its elapsed time) through a step with nothing to count, such as the read
   * of a whole journal before its first event is known, until {@link #stopWaiting} or {@link
   * #close}.
   */
  synchronized void waiting() {
    if (out == null || closed || ticker != null) return;
    ticker =
        Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().daemon().name("progress").factory());
    ticker.scheduleAtFixedRate(this::tick, TICK_MILLIS, TICK_MILLIS, TimeUnit.MILLISECONDS);
  }

  synchronized void stopWaiting() {
    if (ticker != null) ticker.shutdownNow();
    ticker = null;
  }

  /** Erases the line; nothing is drawn after. Call before printing the command's output. */
  @Override
  public synchronized void close() {
    stopWaiting();
    if (drawn && !closed) {
      out.print("\r\033[K");
      out.flush();
    }
    closed = true;
  }

  private synchronized void tick() {
    draw();
  }

  private void draw() {
    if (out == null || closed) return;
    long now = nanos.getAsLong();
    out.print("\r" + line(what, unit, count, total, now - started) + "\033[K");
    out.flush();
    drawn = true;
    drawnAt = now;
  }

  /**
   * {@code exporting: 12,345 of 100,000 events (12%), 3 s}; {@code importing: 45% (5.2 of 11.6
   * MiB), 3 s}.
   */
  static String line(String what, Unit unit, long count, long total, long elapsedNanos) {
    String seconds = TimeUnit.NANOSECONDS.toSeconds(elapsedNanos) + " s";
    String percent = total > 0 ? " (" + Math.min(100, count * 100 / total) + "%)" : "";
    String amount =
        switch (unit) {
          case EVENTS ->
              count == 0 && total < 0
                  ? ""
                  : String.format(Locale.ROOT, "%,d", count)
                      + (total >= 0 ? String.format(Locale.ROOT, " of %,d", total) : "")
                      + " events"
                      + percent
                      + ", ";
          case BYTES ->
              total > 0
                  ? percent.strip().replaceAll("[()]", "")
                      + " ("
                      + mib(count)
                      + " of "
                      + mib(total)
                      + " MiB), "
                  : mib(count) + " MiB, ";
        };
    return what + ": " + amount + seconds;
  }

  private static String mib(long bytes) {
    return String.format(Locale.ROOT, "%.1f", bytes / (1024.0 * 1024.0));
  }
}
