package io.caasoperator.substrate;

/**
 * Receives what a source observes. Called from the source's own threads, never from an actor's;
 * implementations only enqueue (a watcher actor's {@code tell}).
 */
public interface WatchSink<T> {
  void observed(T observation);

  /** The watch broke and delivers nothing more; the watcher restarts it and re-lists. */
  void failed(Throwable cause);
}
