package io.caasoperator.pebble.api;

import io.caasoperator.pebble.Pebble;
import io.caasoperator.pebble.checks.CheckHealth;
import java.util.ArrayList;
import java.util.List;

/** {@code GET /v1/checks} (api_checks.go). */
final class ChecksApi {
  private ChecksApi() {}

  static List<Route> routes(Pebble pebble) {
    return List.of(Route.get("/v1/checks", r -> list(pebble, r)));
  }

  private static ApiResponse list(Pebble pebble, ApiRequest r) throws ApiException {
    String level = r.query("level");
    if (!level.isEmpty() && !level.equals("alive") && !level.equals("ready")) {
      throw ApiException.badRequest("level must be \"alive\" or \"ready\"");
    }
    List<String> names = r.queryList("names");
    List<Object> out = new ArrayList<>();
    for (CheckHealth c : pebble.checks()) {
      if ((level.isEmpty() || level.equals(c.level()))
          && (names.isEmpty() || names.contains(c.name()))) {
        var m = Json.obj("name", c.name());
        if (!c.level().isEmpty()) {
          m.put("level", c.level());
        }
        m.put("startup", c.startup());
        m.put("status", c.status().wire());
        m.put("successes", c.successes());
        if (c.failures() != 0) {
          m.put("failures", c.failures());
        }
        m.put("threshold", c.threshold());
        out.add(m);
      }
    }
    return new ApiResponse.Sync(out);
  }
}
