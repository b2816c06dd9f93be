package io.caasoperator.pebble.services;

import java.util.List;
import java.util.Optional;

/**
 * The answer to a start or stop request: notes for the task's log, and the error if it failed (with
 * the service's last output lines when a start failed because the process exited).
 */
public record StartStopOutcome(List<String> notes, Optional<String> error) {
  public StartStopOutcome {
    notes = List.copyOf(notes);
  }
}
