package io.caasoperator.pebble.api;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.caasoperator.pebble.Pebble;
import io.caasoperator.pebble.exec.ExecManager;
import io.caasoperator.pebble.exec.ExecRequest;
import io.caasoperator.pebble.plan.GoDuration;
import io.caasoperator.pebble.plan.RunContext;
import io.caasoperator.pebble.plan.ServiceSpec;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** {@code POST /v1/exec} (api_exec.go); its websockets are served by {@link PebbleServer}. */
final class ExecApi {
  private ExecApi() {}

  record ExecBody(
      List<String> command,
      @JsonProperty("service-context") String serviceContext,
      Map<String, String> environment,
      @JsonProperty("working-dir") String workingDir,
      String timeout,
      @JsonProperty("user-id") Integer userId,
      String user,
      @JsonProperty("group-id") Integer groupId,
      String group,
      boolean terminal,
      boolean interactive,
      @JsonProperty("split-stderr") boolean splitStderr,
      int width,
      int height) {}

  static List<Route> routes(Pebble pebble) {
    return List.of(Route.post("/v1/exec", r -> start(pebble, r)));
  }

  private static ApiResponse start(Pebble pebble, ApiRequest r) throws ApiException {
    ExecBody body = r.json(ExecBody.class, "cannot decode request body");
    if (body.command() == null || body.command().isEmpty()) {
      throw ApiException.badRequest("must specify command");
    }
    Optional<Duration> timeout;
    try {
      timeout = GoDuration.parseOptional(body.timeout());
    } catch (IllegalArgumentException e) {
      throw ApiException.badRequest("invalid timeout: " + e.getMessage());
    }
    if (body.terminal() || body.interactive()) {
      throw ApiException.badRequest(
          "terminal and interactive exec are not supported by this Pebble");
    }
    RunContext overrides =
        new RunContext(
            body.environment() == null ? Map.of() : body.environment(),
            Optional.ofNullable(body.userId()),
            LayersApi.nz(body.user()),
            Optional.ofNullable(body.groupId()),
            LayersApi.nz(body.group()),
            LayersApi.nz(body.workingDir()));
    RunContext context = overrides;
    String serviceContext = LayersApi.nz(body.serviceContext());
    if (!serviceContext.isEmpty()) {
      ServiceSpec service = pebble.plan().services().get(serviceContext);
      if (service == null) {
        throw ApiException.badRequest("context service \"" + serviceContext + "\" not found");
      }
      context = service.context().merge(overrides);
    }
    ExecManager.Started started;
    try {
      started =
          pebble
              .exec()
              .start(new ExecRequest(body.command(), context, timeout, body.splitStderr()));
    } catch (IllegalArgumentException e) {
      throw ApiException.badRequest(e.getMessage());
    }
    return new ApiResponse.Async(
        started.change().id(),
        Json.obj(
            "environment",
            started.environment(),
            "task-id",
            started.taskId(),
            "working-dir",
            started.workingDir()));
  }
}
