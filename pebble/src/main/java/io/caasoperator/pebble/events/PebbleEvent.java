package io.caasoperator.pebble.events;

import io.caasoperator.pebble.Pebble;
import java.time.Instant;
import java.util.Map;

/**
 * What a Pebble reports for the operator to journal. Layers are the state that must survive an
 * operator restart: {@link Pebble#restore} takes the {@link LayerAdded} records back in order. The
 * others are facts for the unit's timeline (and later for hooks such as {@code
 * <container>-pebble-custom-notice} and check events).
 */
public sealed interface PebbleEvent {
  /** When it happened, from the Pebble's clock. */
  Instant at();

  /**
   * A layer was added ({@code combine} false) or combined into the layer of the same label; the
   * plan changed.
   */
  record LayerAdded(Instant at, String label, boolean combine, String yaml)
      implements PebbleEvent {}

  /** A service's process started (its first start or a restart after backoff). */
  record ServiceStarted(Instant at, String service, long pid) implements PebbleEvent {}

  /** A service was stopped on request. */
  record ServiceStopped(Instant at, String service) implements PebbleEvent {}

  /** A service exited by itself, with its exit code (128+N after signal N). */
  record ServiceExited(Instant at, String service, int exitCode) implements PebbleEvent {}

  /**
   * A service's {@code on-success}, {@code on-failure} or {@code on-check-failure} action asks for
   * the whole Pebble to shut down; reported, not acted on (the operator decides what a shut-down
   * container means).
   */
  record ShutdownRequested(Instant at, String service, String reason) implements PebbleEvent {}

  /** A check reached its failure threshold. */
  record CheckDown(Instant at, String check, int failures, String lastError)
      implements PebbleEvent {}

  /** A check that was down succeeded again. */
  record CheckUp(Instant at, String check) implements PebbleEvent {}

  /**
   * A notice was recorded (a new one, or a repeat that clients waiting on notices are told about).
   */
  record NoticeAdded(Instant at, String id, String type, String key, Map<String, String> data)
      implements PebbleEvent {
    public NoticeAdded {
      data = Map.copyOf(data);
    }
  }
}
