package io.caasoperator.pebble.api;

/** Ends a request with an error envelope; thrown by endpoints and the body decoders. */
public final class ApiException extends Exception {
  private static final long serialVersionUID = 1L;
  private final transient ApiResponse.Error error;

  public ApiException(ApiResponse.Error error) {
    super(error.message());
    this.error = error;
  }

  public static ApiException badRequest(String message) {
    return new ApiException(ApiResponse.Error.badRequest(message));
  }

  public ApiResponse.Error error() {
    return error;
  }
}
