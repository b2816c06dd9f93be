package io.caasoperator.substrate.kubernetes;

import io.caasoperator.substrate.Watch;
import io.caasoperator.substrate.WatchSink;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletionException;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One substrate watch on one fabric8 informer. Level-triggered on purpose: after the informer's
 * first list and after every add, update, delete or resync, {@code onChange} gets the informer's
 * whole cache and decides itself what (if anything) is new, so a missed or coalesced event cannot
 * lose a change. Nothing is delivered before the first list completed, so the first delivery of
 * every watch is a complete listing.
 *
 * <p>The informer re-lists by itself on {@code 410 Gone} and reconnects its watch while the API
 * server is away. Any error it does not recover from (a list refused, a watch closed with an error)
 * stops it, and then the sink is told the watch failed: its watcher actor restarts it with backoff,
 * and the new informer lists again.
 */
final class InformerWatch<T extends HasMetadata> implements Watch {

  private static final Logger log = LoggerFactory.getLogger(InformerWatch.class);

  private final String what;
  private final SharedIndexInformer<T> informer;
  private final WatchSink<?> sink;
  private final Consumer<List<T>> onChange;
  private final Runnable onClose;
  // Guarded by this: the informer's event thread and the start completion both deliver.
  private boolean synced;
  private volatile boolean open = true;

  /**
   * @param informer not started yet; this watch starts and owns it
   * @param sink told when the informer fails; {@code onChange} delivers observations to it
   * @param onChange called with the whole cache, serialised, never before the first list
   * @param onClose called once when the watch ends, either way
   */
  InformerWatch(
      String what,
      SharedIndexInformer<T> informer,
      WatchSink<?> sink,
      Consumer<List<T>> onChange,
      Runnable onClose) {
    this.what = what;
    this.informer = informer;
    this.sink = sink;
    this.onChange = onChange;
    this.onClose = onClose;
  }

  /** Starts listing and watching; returns at once. */
  InformerWatch<T> start() {
    informer.addEventHandler(new OnAnyChange<>(this::changed));
    // Returning false stops the informer: we prefer a visible restart by the watcher actor
    // (logged, with backoff, re-listing) over the informer's silent retries of a failed list.
    informer.exceptionHandler(
        (started, cause) -> {
          log.debug("{} informer error (started: {}): {}", what, started, cause.toString());
          return false;
        });
    informer
        .stopped()
        .whenComplete(
            (ignored, cause) -> {
              if (open)
                fail(
                    cause == null
                        ? new IllegalStateException(what + " informer stopped")
                        : unwrap(cause));
            });
    informer
        .start()
        .whenComplete(
            (ignored, cause) -> {
              if (cause != null) {
                fail(unwrap(cause));
                return;
              }
              synchronized (this) {
                synced = true;
              }
              changed();
            });
    return this;
  }

  /** Ends the watch from outside with this cause (e.g. the pods' selector changed). */
  void fail(Throwable cause) {
    if (!open) return;
    close();
    log.debug("{} watch failed: {}", what, cause.toString());
    sink.failed(cause);
  }

  private void changed() {
    if (!open) return;
    synchronized (this) {
      if (!synced) return;
      try {
        onChange.accept(informer.getStore().list());
      } catch (RuntimeException e) {
        // A sink that throws breaks only its own watch, never the informer's thread.
        log.warn("{} watch: delivering a change failed", what, e);
        fail(e);
      }
    }
  }

  @Override
  public void close() {
    if (!open) return;
    open = false;
    try {
      informer.stop();
    } finally {
      onClose.run();
    }
  }

  private static Throwable unwrap(Throwable cause) {
    return (cause instanceof CompletionException || cause instanceof CancellationException)
            && cause.getCause() != null
        ? cause.getCause()
        : cause;
  }
}
