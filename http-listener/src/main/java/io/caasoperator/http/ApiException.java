package io.caasoperator.http;

import java.util.Objects;

/**
 * Thrown (or used to fail a {@code CompletionStage}) by a route that wants a specific error
 * response; {@link JsonErrors#exceptionHandler()} turns it into that response.
 *
 * <p>Lets route code written in a future chain say "409 conflict" without threading a {@code Route}
 * through every step.
 */
public final class ApiException extends RuntimeException {

  private final transient ApiError error;

  public ApiException(ApiError error) {
    super(Objects.requireNonNull(error, "error").detail(), null, false, false);
    this.error = error;
  }

  public ApiError error() {
    return error;
  }
}
