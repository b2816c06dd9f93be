package io.caasoperator.pebble.checks;

/**
 * A check's status on the wire: up until {@code threshold} failures in a row, then down; inactive
 * when disabled.
 */
public enum CheckStatus {
  UP("up"),
  DOWN("down"),
  INACTIVE("inactive");

  private final String wire;

  CheckStatus(String wire) {
    this.wire = wire;
  }

  public String wire() {
    return wire;
  }
}
