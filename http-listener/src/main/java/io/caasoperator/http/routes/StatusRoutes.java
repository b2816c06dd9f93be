package io.caasoperator.http.routes;

import static org.apache.pekko.http.javadsl.server.Directives.*;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.caasoperator.domain.UnitId;
import io.caasoperator.operator.ApplicationView;
import io.caasoperator.operator.OperatorActor;
import io.caasoperator.unit.UnitView;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.AskPattern;
import org.apache.pekko.http.javadsl.marshallers.jackson.Jackson;
import org.apache.pekko.http.javadsl.model.StatusCodes;
import org.apache.pekko.http.javadsl.server.PathMatchers;
import org.apache.pekko.http.javadsl.server.Route;

/**
 * Read-only routes: {@code GET /v1/status}, {@code GET /v1/units/{app}/{n}}, {@code GET /healthz},
 * {@code GET /readyz}. They ask the operator actor and never touch its state.
 */
public final class StatusRoutes {
  private final ActorRef<OperatorActor.Command> operator;
  private final ActorSystem<?> system;
  private final ObjectMapper json;
  private final Duration askTimeout;

  public StatusRoutes(ActorRef<OperatorActor.Command> operator, ActorSystem<?> system, ObjectMapper json, Duration askTimeout) {
    this.operator = operator;
    this.system = system;
    this.json = json;
    this.askTimeout = askTimeout;
  }

  public Route route() {
    return concat(
        path(PathMatchers.segment("healthz"), () -> get(() -> complete(StatusCodes.OK, Map.of("status", "ok"), Jackson.marshaller(json)))),
        path(PathMatchers.segment("readyz"), () -> get(this::ready)),
        pathPrefix("v1", () -> concat(
            path("status", () -> get(() -> onSuccess(status(), view -> complete(StatusCodes.OK, view, Jackson.marshaller(json))))),
            path(PathMatchers.segment("units").slash(PathMatchers.segment()).slash(PathMatchers.integerSegment()),
                (app, n) -> get(() -> unit(app, n))))));
  }

  private CompletionStage<ApplicationView> status() {
    return AskPattern.ask(operator, OperatorActor.GetStatus::new, askTimeout, system.scheduler());
  }

  /** Ready once the operator answers and has a specification and a charm to act on. */
  private Route ready() {
    return onSuccess(status(), view -> {
      boolean ready = view.charm() != null && !"waiting".equals(view.status().value());
      return complete(ready ? StatusCodes.OK : StatusCodes.SERVICE_UNAVAILABLE,
          Map.of("status", ready ? "ready" : "not ready", "application", view.status().toString()),
          Jackson.marshaller(json));
    });
  }

  private Route unit(String app, int n) {
    UnitId unit;
    try {
      unit = UnitId.of(app, n);
    } catch (IllegalArgumentException e) {
      return complete(StatusCodes.BAD_REQUEST, Map.of("error", "bad_request", "detail", e.getMessage()), Jackson.marshaller(json));
    }
    CompletionStage<Optional<UnitView>> reply =
        AskPattern.ask(operator, r -> new OperatorActor.GetUnit(unit, r), askTimeout, system.scheduler());
    return onSuccess(reply, view -> view
        .map(v -> complete(StatusCodes.OK, v, Jackson.marshaller(json)))
        .orElseGet(() -> complete(StatusCodes.NOT_FOUND,
            Map.of("error", "not_found", "detail", "unknown unit " + unit), Jackson.marshaller(json))));
  }
}
