package io.caasoperator.pebble.api;

import io.caasoperator.pebble.Pebble;
import java.util.List;
import java.util.Map;

/** {@code GET /v1/system-info} (api.go {@code v1SystemInfo}). */
final class SystemApi {
  private SystemApi() {}

  static List<Route> routes(Pebble pebble) {
    return List.of(
        Route.of(
            "/v1/system-info",
            Map.of(
                "GET",
                r ->
                    new ApiResponse.Sync(
                        Json.obj("boot-id", pebble.bootId(), "version", pebble.version())))));
  }
}
