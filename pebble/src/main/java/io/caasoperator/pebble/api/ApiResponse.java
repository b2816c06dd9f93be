package io.caasoperator.pebble.api;

import java.io.IOException;
import java.io.OutputStream;

/**
 * What an endpoint answers (internals/daemon/response.go): a sync or async JSON envelope, an error
 * envelope, or a body of its own (the multipart of a file read, the NDJSON of logs).
 */
public sealed interface ApiResponse {
  /** {@code {"type":"sync","status-code":200,"status":"OK","result":...}} */
  record Sync(Object result) implements ApiResponse {}

  /** {@code {"type":"async","status-code":202,"status":"Accepted","change":"<id>","result":...}} */
  record Async(String change, Object result) implements ApiResponse {}

  /**
   * {@code {"type":"error","status-code":N,"status":"...","result":{"message":...,"kind":...}}};
   * kind may be "".
   */
  record Error(int status, String message, String kind) implements ApiResponse {
    public static Error badRequest(String message) {
      return new Error(400, message, "");
    }

    public static Error notFound(String message) {
      return new Error(404, message, "");
    }

    public static Error serverError(String message) {
      return new Error(500, message, "");
    }
  }

  /** A 200 with its own content type, written by {@code body}. */
  record Raw(String contentType, BodyWriter body) implements ApiResponse {}

  /** Writes a raw body. */
  @FunctionalInterface
  interface BodyWriter {
    void write(OutputStream out) throws IOException;
  }
}
