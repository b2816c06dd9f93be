package io.caasoperator.pebble.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * One API request as endpoints see it: path variables, query parameters (each possibly repeated),
 * headers and the body. JSON bodies decode as Go's {@code encoding/json} does: unknown fields
 * ignored, wrong types refused.
 */
public record ApiRequest(
    String method,
    String path,
    Map<String, String> vars,
    Map<String, List<String>> query,
    Function<String, String> headers,
    InputStream body) {

  static final ObjectMapper JSON =
      JsonMapper.builder()
          .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .disable(com.fasterxml.jackson.databind.MapperFeature.ALLOW_COERCION_OF_SCALARS)
          .build();

  public String var(String name) {
    return vars.getOrDefault(name, "");
  }

  /** The first value of a query parameter, or "". */
  public String query(String name) {
    List<String> values = query.get(name);
    return values == null || values.isEmpty() ? "" : values.get(0);
  }

  /**
   * Pebble's {@code strutil.MultiCommaSeparatedList}: every value split on commas, blanks dropped.
   */
  public List<String> queryList(String name) {
    List<String> out = new ArrayList<>();
    for (String v : query.getOrDefault(name, List.of())) {
      for (String part : v.split(",")) {
        if (!part.isBlank()) {
          out.add(part.strip());
        }
      }
    }
    return out;
  }

  public Optional<String> header(String name) {
    return Optional.ofNullable(headers.apply(name));
  }

  /**
   * Decodes the JSON body.
   *
   * @throws ApiException 400 "{prefix}: {reason}" for a body that is not the expected JSON
   */
  public <T> T json(Class<T> type, String prefix) throws ApiException {
    try {
      T value = JSON.readValue(body, type);
      if (value == null) {
        throw ApiException.badRequest(prefix + ": body is empty or null");
      }
      return value;
    } catch (JsonProcessingException e) {
      throw ApiException.badRequest(prefix + ": " + e.getOriginalMessage());
    } catch (IOException e) {
      throw ApiException.badRequest(prefix + ": " + e.getMessage());
    }
  }
}
