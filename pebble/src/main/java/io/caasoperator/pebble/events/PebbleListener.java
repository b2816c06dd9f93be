package io.caasoperator.pebble.events;

/**
 * Receives what a Pebble reports, on the thread that caused it (an API request, a process watcher,
 * a timer): an implementation must return quickly, e.g. tell an actor. Never called while the
 * Pebble holds a lock.
 */
@FunctionalInterface
public interface PebbleListener {
  void on(PebbleEvent event);

  PebbleListener IGNORE = event -> {};
}
