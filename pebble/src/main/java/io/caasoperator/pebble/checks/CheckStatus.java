package io.caasoperator.pebble.checks;

import io.caasoperator.pebble.wire.WireName;

/**
 * A check's status on the wire: up until {@code threshold} failures in a row, then down; inactive
 * when disabled.
 */
public enum CheckStatus implements WireName {
  UP,
  DOWN,
  INACTIVE
}
