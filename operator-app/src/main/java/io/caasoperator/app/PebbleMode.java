package io.caasoperator.app;

/**
 * {@code run --pebble}: whether each unit container on the local substrate gets a Pebble, reached
 * by its hooks at {@code /charm/containers/<name>/pebble.socket} in a mount namespace of the unit
 * (bubblewrap). Kubernetes runs the real Pebble in the pods and ignores it.
 */
enum PebbleMode {
  /** A Pebble when bubblewrap works here; otherwise a warning saying why, and none. */
  auto,
  /** A Pebble, or the operator does not start (the error names what is missing). */
  on,
  /**
   * No Pebble: containers count as started at once, {@code <container>-pebble-ready} runs, ops
   * cannot connect.
   */
  off
}
