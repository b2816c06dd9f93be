package io.caasoperator.pebble.services;

/** A service's {@code current} status on the wire. */
public enum ServiceStatus {
  ACTIVE("active"),
  BACKOFF("backoff"),
  ERROR("error"),
  INACTIVE("inactive");

  private final String wire;

  ServiceStatus(String wire) {
    this.wire = wire;
  }

  public String wire() {
    return wire;
  }
}
