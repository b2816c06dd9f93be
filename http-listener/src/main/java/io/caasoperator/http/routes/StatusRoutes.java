package io.caasoperator.http.routes;

import static org.apache.pekko.http.javadsl.server.Directives.*;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.caasoperator.operator.ApplicationView;
import io.caasoperator.operator.OperatorActor;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.AskPattern;
import org.apache.pekko.http.javadsl.marshallers.jackson.Jackson;
import org.apache.pekko.http.javadsl.model.StatusCodes;
import org.apache.pekko.http.javadsl.server.Route;

/**
 * {@code GET /v1/status} and the probes {@code GET /healthz} (the process answers) and {@code GET
 * /readyz} (the operator has a specification and a charm to act on). They ask the operator actor
 * and never touch its state.
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

  /** Unauthenticated: Kubernetes probes carry no token. */
  public Route probes() {
    return concat(
        path("healthz", () -> get(() -> complete(StatusCodes.OK, Map.of("status", "ok"), Jackson.marshaller(json)))),
        path("readyz", () -> get(this::ready)));
  }

  /** {@code GET /v1/status}, under the caller's authentication. */
  public Route status() {
    return pathPrefix("v1", () -> path("status",
        () -> get(() -> onSuccess(view(), view -> complete(StatusCodes.OK, view, Jackson.marshaller(json))))));
  }

  private CompletionStage<ApplicationView> view() {
    return AskPattern.ask(operator, OperatorActor.GetStatus::new, askTimeout, system.scheduler());
  }

  private Route ready() {
    return onSuccess(view(), view -> {
      boolean ready = view.charm() != null && !"waiting".equals(view.status().value());
      return complete(ready ? StatusCodes.OK : StatusCodes.SERVICE_UNAVAILABLE,
          Map.of("status", ready ? "ready" : "not ready", "application", view.status().toString()),
          Jackson.marshaller(json));
    });
  }
}
