package io.caasoperator.pebble.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/** The JSON envelope of every JSON answer, as response.go {@code respJSON} writes it. */
final class Envelope {
  private Envelope() {}

  static int status(ApiResponse r) {
    return switch (r) {
      case ApiResponse.Sync s -> 200;
      case ApiResponse.Async a -> 202;
      case ApiResponse.Error e -> e.status();
      case ApiResponse.Raw raw -> 200;
    };
  }

  static byte[] json(ApiResponse r) {
    Map<String, Object> m = new LinkedHashMap<>();
    switch (r) {
      case ApiResponse.Sync s -> {
        m.put("type", "sync");
        m.put("status-code", 200);
        m.put("status", "OK");
        m.put("result", s.result());
      }
      case ApiResponse.Async a -> {
        m.put("type", "async");
        m.put("status-code", 202);
        m.put("status", "Accepted");
        m.put("change", a.change());
        m.put("result", a.result());
      }
      case ApiResponse.Error e -> {
        m.put("type", "error");
        m.put("status-code", e.status());
        m.put("status", reason(e.status()));
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("message", e.message());
        if (!e.kind().isEmpty()) {
          result.put("kind", e.kind());
        }
        m.put("result", result);
      }
      case ApiResponse.Raw raw ->
          throw new IllegalArgumentException("a raw answer has no envelope");
    }
    try {
      return ApiRequest.JSON.writeValueAsBytes(m);
    } catch (JsonProcessingException e) {
      return ("{\"type\":\"error\",\"status-code\":500,\"status\":\"Internal Server Error\",\"result\":"
              + "{\"message\":\"cannot marshal response\"}}")
          .getBytes(StandardCharsets.UTF_8);
    }
  }

  static String reason(int status) {
    return switch (status) {
      case 200 -> "OK";
      case 202 -> "Accepted";
      case 400 -> "Bad Request";
      case 401 -> "Unauthorized";
      case 403 -> "Forbidden";
      case 404 -> "Not Found";
      case 405 -> "Method Not Allowed";
      case 500 -> "Internal Server Error";
      case 504 -> "Gateway Timeout";
      default -> "Status " + status;
    };
  }
}
