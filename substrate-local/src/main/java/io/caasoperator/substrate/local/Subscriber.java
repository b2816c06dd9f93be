package io.caasoperator.substrate.local;

import io.caasoperator.substrate.Watch;
import io.caasoperator.substrate.WatchSink;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One watch on a local source: delivers to its sink until closed or until the sink throws. A
 * throwing sink is told through {@link WatchSink#failed} and gets nothing more (its watcher
 * restarts and re-lists), and the exception never reaches the shared polling thread.
 */
final class Subscriber<T> implements Watch {

  private static final Logger log = LoggerFactory.getLogger(Subscriber.class);

  private final WatchSink<T> sink;
  private final Consumer<Subscriber<T>> onClose;
  // Volatile: close() runs on the caller's thread, deliveries on the polling thread.
  private volatile boolean open = true;

  Subscriber(WatchSink<T> sink, Consumer<Subscriber<T>> onClose) {
    this.sink = sink;
    this.onClose = onClose;
  }

  boolean isOpen() {
    return open;
  }

  void deliver(T observation) {
    if (!open) return;
    try {
      sink.observed(observation);
    } catch (RuntimeException e) {
      open = false;
      onClose.accept(this);
      log.warn("a watch sink failed on {}; the watch is stopped", observation, e);
      try {
        sink.failed(e);
      } catch (RuntimeException ignored) {
        log.warn("a watch sink also failed while being told it failed", ignored);
      }
    }
  }

  @Override
  public void close() {
    if (!open) return;
    open = false;
    onClose.accept(this);
  }
}
