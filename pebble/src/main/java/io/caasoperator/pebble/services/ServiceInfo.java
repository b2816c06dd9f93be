package io.caasoperator.pebble.services;

import java.time.Instant;
import java.util.Optional;

/**
 * A service as {@code GET /v1/services} shows it: name, startup (enabled|disabled), current status
 * and since.
 */
public record ServiceInfo(
    String name, String startup, ServiceStatus current, Optional<Instant> currentSince) {}
