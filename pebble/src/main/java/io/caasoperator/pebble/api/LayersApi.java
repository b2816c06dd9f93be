package io.caasoperator.pebble.api;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.caasoperator.pebble.Pebble;
import io.caasoperator.pebble.plan.PlanFormatException;
import io.caasoperator.pebble.plan.PlanYaml;
import java.util.List;

/** {@code POST /v1/layers} and {@code GET /v1/plan} (api_plan.go). */
final class LayersApi {
  private LayersApi() {}

  record LayersBody(
      String action,
      boolean combine,
      boolean inner,
      String label,
      String format,
      @JsonProperty("layer") String layer) {}

  static List<Route> routes(Pebble pebble) {
    return List.of(
        Route.get("/v1/plan", r -> plan(pebble, r)), Route.post("/v1/layers", r -> add(pebble, r)));
  }

  private static ApiResponse plan(Pebble pebble, ApiRequest r) throws ApiException {
    if (!r.query("format").equals("yaml")) {
      throw ApiException.badRequest("invalid format \"" + r.query("format") + "\"");
    }
    return new ApiResponse.Sync(PlanYaml.write(pebble.plan()));
  }

  private static ApiResponse add(Pebble pebble, ApiRequest r) throws ApiException {
    LayersBody body = r.json(LayersBody.class, "cannot decode request body");
    if (!"add".equals(body.action())) {
      throw ApiException.badRequest("invalid action \"" + nz(body.action()) + "\"");
    }
    if (body.label() == null || body.label().isEmpty()) {
      throw ApiException.badRequest("label must be set");
    }
    if (!"yaml".equals(body.format())) {
      throw ApiException.badRequest("invalid format \"" + nz(body.format()) + "\"");
    }
    try {
      pebble.addLayer(body.label(), body.combine(), nz(body.layer()));
    } catch (PlanFormatException e) {
      throw ApiException.badRequest(e.getMessage());
    }
    return new ApiResponse.Sync(true);
  }

  static String nz(String s) {
    return s == null ? "" : s;
  }
}
