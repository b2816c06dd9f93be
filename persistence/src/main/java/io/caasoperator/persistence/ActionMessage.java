package io.caasoperator.persistence;

import java.time.Instant;
import java.util.Objects;

/**
 * One {@code action-log} message of a running action, with the time the operator heard it (Juju's
 * {@code core/actions.ActionMessage}; {@code juju show-task} prints the time before the message).
 */
public record ActionMessage(Instant at, String message) {
  public ActionMessage {
    Objects.requireNonNull(at, "at");
    message = message == null ? "" : message;
  }
}
