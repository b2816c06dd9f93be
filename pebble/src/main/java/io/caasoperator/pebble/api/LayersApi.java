package io.caasoperator.pebble.api;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.caasoperator.pebble.Pebble;
import io.caasoperator.pebble.plan.PlanFormatException;
import io.caasoperator.pebble.plan.PlanYaml;
import java.util.List;
import java.util.Map;

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
        Route.of(
            "/v1/plan",
            Map.of(
                "GET",
                r -> {
                  if (!r.query("format").equals("yaml")) {
                    throw ApiException.badRequest("invalid format \"" + r.query("format") + "\"");
                  }
                  return new ApiResponse.Sync(PlanYaml.write(pebble.plan()));
                })),
        Route.of(
            "/v1/layers",
            Map.of(
                "POST",
                r -> {
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
                })));
  }

  static String nz(String s) {
    return s == null ? "" : s;
  }
}
