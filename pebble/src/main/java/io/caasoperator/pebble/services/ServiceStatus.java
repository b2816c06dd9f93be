package io.caasoperator.pebble.services;

import io.caasoperator.pebble.wire.WireName;

/** A service's {@code current} status on the wire. */
public enum ServiceStatus implements WireName {
  ACTIVE,
  BACKOFF,
  ERROR,
  INACTIVE
}
