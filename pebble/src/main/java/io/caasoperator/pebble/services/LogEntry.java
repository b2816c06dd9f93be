package io.caasoperator.pebble.services;

import java.time.Instant;

/** One line of a service's output, without its newline. */
public record LogEntry(Instant time, String service, String message) {}
