package io.caasoperator.domain;

import java.time.Instant;

/**
 * A status as Juju shows it: a value ({@code active}, {@code blocked}, {@code maintenance}, {@code
 * waiting}, {@code error}, {@code unknown} for workloads and applications; {@code allocating},
 * {@code idle}, {@code executing}, {@code error} for unit agents), a message and the time it was
 * set.
 */
public record Status(String value, String message, Instant since) {
  public Status {
    if (value == null || value.isBlank())
      throw new IllegalArgumentException("status needs a value");
    message = message == null ? "" : message;
  }

  public static Status of(String value, String message, Instant since) {
    return new Status(value, message, since);
  }

  /** True when value and message are the same, whatever the time. */
  public boolean sameAs(Status other) {
    return other != null && value.equals(other.value) && message.equals(other.message);
  }

  @Override
  public String toString() {
    return message.isEmpty() ? value : value + ": " + message;
  }
}
