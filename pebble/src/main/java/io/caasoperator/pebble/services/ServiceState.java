package io.caasoperator.pebble.services;

/**
 * The life of a service's process (internals/overlord/servstate/handlers.go {@code serviceState}).
 */
public enum ServiceState {
  INITIAL,
  STARTING,
  RUNNING,
  TERMINATING,
  KILLING,
  STOPPED,
  BACKOFF,
  EXITED;

  /** What {@code GET /v1/services} shows (servstate manager.go {@code stateToStatus}). */
  public ServiceStatus status() {
    return switch (this) {
      case STARTING, RUNNING -> ServiceStatus.ACTIVE;
      case TERMINATING, KILLING, STOPPED -> ServiceStatus.INACTIVE;
      case BACKOFF -> ServiceStatus.BACKOFF;
      case INITIAL, EXITED -> ServiceStatus.ERROR;
    };
  }
}
