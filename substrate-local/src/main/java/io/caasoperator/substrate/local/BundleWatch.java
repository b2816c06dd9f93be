package io.caasoperator.substrate.local;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Watches a model's bundle file as the local substrate watches a specification file (polled and
 * told by file events, acted on once a change held still for the quiet period, read so that no file
 * can block): the model learns of applications added and removed and of relations changed, while
 * each application's own substrate reads its entry of the same file ({@link BundleEntry}). One
 * daemon thread polls and calls the listener, so calls never overlap.
 */
public final class BundleWatch implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(BundleWatch.class);

  /** What the model is told about the file. */
  public interface Listener {
    /** The file's content, changed since the last call (or the first read). */
    void read(byte[] content);

    /** The file is missing or cannot be read; the model keeps what it last read. */
    void unreadable(String problem);
  }

  private final Path file;
  private final Listener listener;
  private final Clock clock;
  private final QuietPeriod quietPeriod;
  private final ScheduledExecutorService scheduler;
  private final SpecFileEvents fileEvents;

  // Confined to the scheduler thread.
  private QuietPeriod.Tracking tracking = QuietPeriod.Tracking.initial();
  private ScheduledFuture<?> settledCheck;

  /**
   * @param file the bundle
   * @param pollInterval how often it is read (the operator passes 250 ms)
   * @param quietPeriod how long a change must hold still before it is acted on
   */
  public BundleWatch(
      Path file, Listener listener, Duration pollInterval, Duration quietPeriod, Clock clock) {
    if (file == null) throw new IllegalArgumentException("bundle file is missing");
    if (listener == null) throw new IllegalArgumentException("listener is missing");
    this.file = file;
    this.listener = listener;
    this.clock = clock;
    this.quietPeriod = new QuietPeriod(quietPeriod);
    this.scheduler =
        Executors.newSingleThreadScheduledExecutor(
            task -> {
              Thread thread = new Thread(task, "bundle-watch-" + file.getFileName());
              thread.setDaemon(true);
              return thread;
            });
    scheduler.scheduleWithFixedDelay(
        this::pollSafely, 0, pollInterval.toNanos(), TimeUnit.NANOSECONDS);
    this.fileEvents = SpecFileEvents.start(file, () -> execute(this::pollSafely));
  }

  private void execute(Runnable task) {
    try {
      scheduler.execute(task);
    } catch (RejectedExecutionException e) {
      log.debug("the bundle watch is closed");
    }
  }

  private void pollSafely() {
    try {
      poll();
    } catch (RuntimeException e) {
      log.error("reading {} failed", file, e);
    }
  }

  private void poll() {
    SpecFileRead seen = SpecFileReader.read(file);
    QuietPeriod.Decision decision = quietPeriod.observe(tracking, seen, clock.instant());
    tracking = decision.tracking();
    switch (decision) {
      case QuietPeriod.Decision.Unchanged unchanged -> {}
      case QuietPeriod.Decision.Wait wait -> settleAt(wait.until());
      case QuietPeriod.Decision.Act act -> {
        switch (seen) {
          case SpecFileRead.Missing missing -> listener.unreadable(file + ": no such file");
          case SpecFileRead.Refused refused -> listener.unreadable(refused.problem());
          case SpecFileRead.Content content -> listener.read(content.bytes());
        }
      }
    }
  }

  private void settleAt(Instant at) {
    if (settledCheck != null) settledCheck.cancel(false);
    long delay = Math.max(0, Duration.between(clock.instant(), at).toNanos());
    try {
      settledCheck = scheduler.schedule(this::pollSafely, delay, TimeUnit.NANOSECONDS);
    } catch (RejectedExecutionException e) {
      log.debug("the bundle watch is closed");
    }
  }

  @Override
  public void close() {
    fileEvents.close();
    scheduler.shutdownNow();
  }
}
