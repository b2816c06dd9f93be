package io.caasoperator.pebble.api;

import io.caasoperator.pebble.Pebble;
import io.caasoperator.pebble.changes.Change;
import io.caasoperator.pebble.changes.Task;
import io.caasoperator.pebble.changes.TaskStatus;
import io.caasoperator.pebble.plan.GoDuration;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * {@code /v1/changes}, {@code /v1/changes/{id}}, {@code /v1/changes/{id}/wait} (api_changes.go).
 */
final class ChangesApi {
  private ChangesApi() {}

  static List<Route> routes(Pebble pebble) {
    return List.of(
        Route.get("/v1/changes", r -> list(pebble, r)),
        Route.of(
            "/v1/changes/{id}",
            Map.of(
                "GET",
                r -> new ApiResponse.Sync(info(find(pebble, r.var("id")))),
                "POST",
                r -> abort(pebble, r))),
        Route.get("/v1/changes/{id}/wait", r -> await(pebble, r)));
  }

  private static ApiResponse list(Pebble pebble, ApiRequest r) throws ApiException {
    String select = r.query("select").isEmpty() ? "in-progress" : r.query("select");
    if (!List.of("all", "in-progress", "ready").contains(select)) {
      throw ApiException.badRequest("select should be one of: all,in-progress,ready");
    }
    String forService = r.query("for");
    List<Object> out = new ArrayList<>();
    for (Change c : pebble.changes().all()) {
      boolean keep =
          switch (select) {
            case "in-progress" -> !c.ready();
            case "ready" -> c.ready();
            default -> true;
          };
      if (keep && !forService.isEmpty()) {
        Object names = c.data().get("service-names");
        keep = names instanceof List<?> l && l.contains(forService);
      }
      if (keep) {
        out.add(info(c));
      }
    }
    return new ApiResponse.Sync(out);
  }

  private static ApiResponse abort(Pebble pebble, ApiRequest r) throws ApiException {
    Change c = find(pebble, r.var("id"));
    record Body(String action) {}
    Body body = r.json(Body.class, "cannot decode data from request body");
    if (!"abort".equals(body.action())) {
      throw ApiException.badRequest("invalid action \"" + LayersApi.nz(body.action()) + "\"");
    }
    if (c.ready()) {
      throw ApiException.badRequest("cannot abort change " + c.id() + " with nothing pending");
    }
    throw ApiException.badRequest(
        "cannot abort change " + c.id() + ": aborting changes is not supported by this Pebble");
  }

  private static ApiResponse await(Pebble pebble, ApiRequest r) throws ApiException {
    Change c = find(pebble, r.var("id"));
    Duration timeout;
    try {
      timeout = GoDuration.parseOptional(r.query("timeout")).orElse(Duration.ZERO);
    } catch (IllegalArgumentException e) {
      throw ApiException.badRequest("invalid timeout: " + e.getMessage());
    }
    Optional<CompletableFuture<Change>> ready = pebble.changes().whenReady(c.id());
    if (ready.isPresent()) {
      try {
        if (timeout.isZero()) {
          ready.get().get();
        } else {
          ready.get().get(timeout.toNanos(), TimeUnit.NANOSECONDS);
        }
      } catch (TimeoutException e) {
        throw new ApiException(
            new ApiResponse.Error(
                504, "timed out waiting for change after " + GoDuration.format(timeout), ""));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new ApiException(ApiResponse.Error.serverError("request cancelled"));
      } catch (ExecutionException e) {
        throw new ApiException(ApiResponse.Error.serverError(e.getCause().toString()));
      }
    }
    return new ApiResponse.Sync(info(find(pebble, c.id())));
  }

  private static Change find(Pebble pebble, String id) throws ApiException {
    return pebble
        .changes()
        .get(id)
        .orElseThrow(
            () ->
                new ApiException(
                    ApiResponse.Error.notFound("cannot find change with id \"" + id + "\"")));
  }

  /** api_changes.go {@code change2changeInfo}. */
  static Map<String, Object> info(Change c) {
    List<Object> tasks = new ArrayList<>();
    for (Task t : c.tasks()) {
      var m =
          Json.obj(
              "id", t.id(), "kind", t.kind(), "summary", t.summary(), "status", t.status().wire());
      if (!t.log().isEmpty()) {
        m.put("log", t.log());
      }
      m.put(
          "progress",
          Json.obj("label", "", "done", t.status() == TaskStatus.DONE ? 1 : 0, "total", 1));
      m.put("spawn-time", t.spawnTime().toString());
      t.readyTime().ifPresent(rt -> m.put("ready-time", rt.toString()));
      if (!t.data().isEmpty()) {
        m.put("data", t.data());
      }
      tasks.add(m);
    }
    var m =
        Json.obj(
            "id", c.id(), "kind", c.kind(), "summary", c.summary(), "status", c.status().wire());
    if (!tasks.isEmpty()) {
      m.put("tasks", tasks);
    }
    m.put("ready", c.ready());
    c.err().ifPresent(e -> m.put("err", e));
    m.put("spawn-time", c.spawnTime().toString());
    c.readyTime().ifPresent(rt -> m.put("ready-time", rt.toString()));
    return m;
  }
}
