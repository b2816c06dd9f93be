package io.caasoperator.pebble.api;

import io.caasoperator.pebble.Pebble;
import java.util.List;

/** {@code GET /v1/system-info} (api.go {@code v1SystemInfo}). */
final class SystemApi {
  private SystemApi() {}

  static List<Route> routes(Pebble pebble) {
    return List.of(
        Route.get(
            "/v1/system-info",
            r ->
                new ApiResponse.Sync(
                    Json.obj("boot-id", pebble.bootId(), "version", pebble.version()))));
  }
}
