package io.caasoperator.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.apache.pekko.http.javadsl.model.StatusCode;
import org.apache.pekko.http.javadsl.model.StatusCodes;

/**
 * What a client sees when a request fails: a status and the JSON body {@code {"error": "<short
 * code>", "detail": "<human sentence>"}}.
 *
 * <p>{@code error} is a stable machine-readable code (scripts branch on it); {@code detail} is for
 * people and may change wording. Neither ever carries a stack trace.
 *
 * @param status HTTP status of the response
 * @param error short snake_case code, such as {@code not_found}
 * @param detail one human sentence saying what was wrong and, where possible, what to do
 */
public record ApiError(StatusCode status, String error, String detail) {

  // Only used to write two strings with correct escaping; configured once, never changed.
  private static final ObjectMapper JSON = new ObjectMapper();

  public ApiError {
    Objects.requireNonNull(status, "status");
    if (error == null || error.isBlank()) {
      throw new IllegalArgumentException("error code must not be blank");
    }
    detail = detail == null ? "" : detail;
  }

  public static ApiError badRequest(String detail) {
    return new ApiError(StatusCodes.BAD_REQUEST, "bad_request", detail);
  }

  public static ApiError unauthorized(String detail) {
    return new ApiError(StatusCodes.UNAUTHORIZED, "unauthorized", detail);
  }

  public static ApiError forbidden(String detail) {
    return new ApiError(StatusCodes.FORBIDDEN, "forbidden", detail);
  }

  public static ApiError notFound(String detail) {
    return new ApiError(StatusCodes.NOT_FOUND, "not_found", detail);
  }

  public static ApiError methodNotAllowed(String detail) {
    return new ApiError(StatusCodes.METHOD_NOT_ALLOWED, "method_not_allowed", detail);
  }

  public static ApiError timeout(String detail) {
    return new ApiError(StatusCodes.REQUEST_TIMEOUT, "timeout", detail);
  }

  public static ApiError conflict(String detail) {
    return new ApiError(StatusCodes.CONFLICT, "conflict", detail);
  }

  public static ApiError payloadTooLarge(String detail) {
    return new ApiError(StatusCodes.CONTENT_TOO_LARGE, "payload_too_large", detail);
  }

  public static ApiError internal(String detail) {
    return new ApiError(StatusCodes.INTERNAL_SERVER_ERROR, "internal_error", detail);
  }

  /** The response body, as compact JSON. */
  public String toJson() {
    Map<String, String> body = new LinkedHashMap<>();
    body.put("error", error);
    body.put("detail", detail);
    try {
      return JSON.writeValueAsString(body);
    } catch (JsonProcessingException e) {
      // Two strings in a map cannot fail to serialise; if they do, the JVM is broken.
      throw new IllegalStateException("cannot write an error body", e);
    }
  }
}
