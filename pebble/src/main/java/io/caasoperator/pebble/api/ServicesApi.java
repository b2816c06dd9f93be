package io.caasoperator.pebble.api;

import io.caasoperator.pebble.Pebble;
import io.caasoperator.pebble.changes.Change;
import io.caasoperator.pebble.plan.Plan;
import io.caasoperator.pebble.plan.PlanFormatException;
import io.caasoperator.pebble.services.LogEntry;
import io.caasoperator.pebble.services.ServiceInfo;
import io.caasoperator.pebble.services.ServiceManager;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * {@code /v1/services}, {@code /v1/signals} and {@code /v1/logs} (api_services.go, api_signals.go,
 * api_logs.go).
 */
final class ServicesApi {
  private static final int DEFAULT_LOGS = 30;

  private ServicesApi() {}

  record ServicesBody(String action, List<String> services) {}

  record SignalsBody(String signal, List<String> services) {}

  static List<Route> routes(Pebble pebble) {
    return List.of(
        Route.of("/v1/services", Map.of("GET", r -> list(pebble, r), "POST", r -> post(pebble, r))),
        Route.post("/v1/signals", r -> signal(pebble, r)),
        Route.get("/v1/logs", r -> logs(pebble, r)));
  }

  private static ApiResponse list(Pebble pebble, ApiRequest r) throws ApiException {
    List<Object> out = new ArrayList<>();
    for (ServiceInfo s :
        pebble.services().services(pebble.plan(), new HashSet<>(r.queryList("names")))) {
      var m = Json.obj("name", s.name(), "startup", s.startup(), "current", s.current().wire());
      s.currentSince().ifPresent(t -> m.put("current-since", t.toString()));
      out.add(m);
    }
    return new ApiResponse.Sync(out);
  }

  private static ApiResponse signal(Pebble pebble, ApiRequest r) throws ApiException {
    SignalsBody body = r.json(SignalsBody.class, "cannot decode request body");
    if (body.services() == null || body.services().isEmpty()) {
      throw ApiException.badRequest("must specify one or more services");
    }
    try {
      pebble.services().sendSignal(body.services(), body.signal() == null ? "" : body.signal());
    } catch (IllegalArgumentException e) {
      throw new ApiException(ApiResponse.Error.serverError(e.getMessage()));
    }
    return new ApiResponse.Sync(true);
  }

  private static ApiResponse post(Pebble pebble, ApiRequest r) throws ApiException {
    ServicesBody body = r.json(ServicesBody.class, "cannot decode data from request body");
    String action = body.action() == null ? "" : body.action();
    List<String> names = body.services() == null ? List.of() : body.services();
    Plan plan = pebble.plan();
    try {
      Pebble.ServiceLanes lanes =
          switch (action) {
            case "replan" -> {
              if (!names.isEmpty()) {
                throw ApiException.badRequest(action + " accepts no service names");
              }
              ServiceManager.Replan replan = pebble.services().replan(plan);
              TreeSet<String> all = new TreeSet<>();
              replan.stop().forEach(all::addAll);
              replan.start().forEach(all::addAll);
              yield new Pebble.ServiceLanes(replan.stop(), replan.start(), List.copyOf(all));
            }
            case "autostart" -> {
              if (!names.isEmpty()) {
                throw ApiException.badRequest(action + " accepts no service names");
              }
              List<String> defaults = plan.defaultServices();
              if (defaults.isEmpty()) {
                throw new ApiException(
                    new ApiResponse.Error(400, "no default services", "no-default-services"));
              }
              yield new Pebble.ServiceLanes(
                  List.of(), plan.startOrder(defaults), flat(plan.startOrder(defaults)));
            }
            case "start" -> {
              required(action, names);
              yield new Pebble.ServiceLanes(
                  List.of(), plan.startOrder(names), flat(plan.startOrder(names)));
            }
            case "stop" -> {
              required(action, names);
              yield new Pebble.ServiceLanes(
                  plan.stopOrder(names), List.of(), flat(plan.stopOrder(names)));
            }
            case "restart" -> {
              required(action, names);
              List<List<String>> stop = new ArrayList<>();
              for (List<String> lane : plan.stopOrder(names)) {
                List<String> kept = lane.stream().filter(names::contains).toList();
                if (!kept.isEmpty()) {
                  stop.add(kept);
                }
              }
              List<List<String>> start = plan.startOrder(names);
              LinkedHashSet<String> all = new LinkedHashSet<>(flat(stop));
              all.addAll(flat(start));
              yield new Pebble.ServiceLanes(stop, start, List.copyOf(all));
            }
            default -> {
              required(action, names);
              throw ApiException.badRequest("invalid action \"" + action + "\"");
            }
          };
      Change change = pebble.serviceChange(action, lanes);
      return new ApiResponse.Async(change.id(), null);
    } catch (PlanFormatException e) {
      throw ApiException.badRequest("cannot " + action + " services: " + e.getMessage());
    }
  }

  private static void required(String action, List<String> names) throws ApiException {
    if (names.isEmpty()) {
      throw ApiException.badRequest("must specify services for " + action + " action");
    }
  }

  private static List<String> flat(List<List<String>> lanes) {
    List<String> out = new ArrayList<>();
    lanes.forEach(out::addAll);
    return out;
  }

  private static ApiResponse logs(Pebble pebble, ApiRequest r) throws ApiException {
    String follow = r.query("follow");
    if (!follow.isEmpty() && !follow.equals("true") && !follow.equals("false")) {
      throw ApiException.badRequest("follow parameter must be \"true\" or \"false\"");
    }
    if (follow.equals("true")) {
      throw ApiException.badRequest("follow is not supported by this Pebble");
    }
    int n = DEFAULT_LOGS;
    if (!r.query("n").isEmpty()) {
      try {
        n = Integer.parseInt(r.query("n"));
      } catch (NumberFormatException e) {
        n = -2;
      }
      if (n < -1) {
        throw ApiException.badRequest("n must be -1, 0, or a positive integer");
      }
    }
    List<String> names = r.queryList("services");
    if (names.isEmpty()) {
      names = new ArrayList<>(pebble.plan().services().keySet());
    }
    List<LogEntry> entries = pebble.services().logs(names, n);
    return new ApiResponse.Raw(
        "application/x-ndjson",
        out -> {
          for (LogEntry e : entries) {
            out.write(
                ApiRequest.JSON.writeValueAsBytes(
                    Json.obj(
                        "time",
                        e.time().toString(),
                        "service",
                        e.service(),
                        "message",
                        e.message())));
            out.write("\n".getBytes(StandardCharsets.UTF_8));
          }
        });
  }
}
