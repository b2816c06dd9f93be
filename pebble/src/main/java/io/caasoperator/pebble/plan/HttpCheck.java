package io.caasoperator.pebble.plan;

import java.util.Map;
import java.util.TreeMap;

/** An {@code http:} check: GET {@code url} with {@code headers}; any 2xx is a success. */
public record HttpCheck(String url, Map<String, String> headers) {
  public HttpCheck {
    headers = java.util.Collections.unmodifiableMap(new TreeMap<>(headers));
  }

  public HttpCheck merge(HttpCheck over) {
    Map<String, String> h = new TreeMap<>(headers);
    h.putAll(over.headers);
    return new HttpCheck(over.url.isEmpty() ? url : over.url, h);
  }
}
