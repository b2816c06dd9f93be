package io.caasoperator.pebble.plan;

/**
 * A layer or plan that Pebble refuses ({@code plan.FormatError} in canonical/pebble
 * internals/plan/plan.go): the API answers it with 400 and this message.
 */
public final class PlanFormatException extends Exception {
  private static final long serialVersionUID = 1L;

  public PlanFormatException(String message) {
    super(message);
  }
}
