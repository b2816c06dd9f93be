package io.caasoperator.http.routes;

import static org.apache.pekko.http.javadsl.server.Directives.*;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.caasoperator.domain.UnitId;
import io.caasoperator.http.ApiError;
import io.caasoperator.http.JsonBody;
import io.caasoperator.http.JsonErrors;
import io.caasoperator.operator.OperatorActor;
import io.caasoperator.unit.UnitActor;
import io.caasoperator.unit.UnitView;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.AskPattern;
import org.apache.pekko.http.javadsl.marshallers.jackson.Jackson;
import org.apache.pekko.http.javadsl.model.StatusCodes;
import org.apache.pekko.http.javadsl.server.PathMatchers;
import org.apache.pekko.http.javadsl.server.Route;

/** {@code GET /v1/units/{app}/{n}} and {@code POST /v1/units/{app}/{n}/resolve}. */
public final class UnitRoutes {
  /** The body of a resolve call: retry the failed hook now, or count it done. */
  public record ResolveRequest(boolean retry) {}

  private final ActorRef<OperatorActor.Command> operator;
  private final ActorSystem<?> system;
  private final ObjectMapper json;
  private final JsonBody body;
  private final Duration askTimeout;

  public UnitRoutes(ActorRef<OperatorActor.Command> operator, ActorSystem<?> system, ObjectMapper json, Duration askTimeout) {
    this.operator = operator;
    this.system = system;
    this.json = json;
    this.body = new JsonBody(JsonBody.standardMapper());
    this.askTimeout = askTimeout;
  }

  public Route route() {
    return pathPrefix("v1", () -> pathPrefix("units", () -> pathPrefix(PathMatchers.segment(),
        app -> pathPrefix(PathMatchers.segment(), n -> withUnit(app, n, unit -> concat(
            pathEnd(() -> get(() -> detail(unit))),
            path("resolve", () -> post(() -> body.entityAs(ResolveRequest.class, req -> resolve(unit, req))))))))));
  }

  private Route withUnit(String app, String number, Function<UnitId, Route> inner) {
    UnitId unit;
    try {
      unit = UnitId.parse(app + "/" + number);
    } catch (IllegalArgumentException e) {
      return JsonErrors.complete(ApiError.badRequest(e.getMessage()));
    }
    return inner.apply(unit);
  }

  private Route detail(UnitId unit) {
    CompletionStage<Optional<UnitView>> reply =
        AskPattern.ask(operator, r -> new OperatorActor.GetUnit(unit, r), askTimeout, system.scheduler());
    return onSuccess(reply, view -> view.isPresent()
        ? complete(StatusCodes.OK, view.get(), Jackson.marshaller(json))
        : JsonErrors.complete(ApiError.notFound("unknown unit " + unit)));
  }

  private Route resolve(UnitId unit, ResolveRequest request) {
    CompletionStage<UnitActor.ResolveReply> reply = AskPattern.ask(
        operator, r -> new OperatorActor.ResolveUnit(unit, request.retry(), r), askTimeout, system.scheduler());
    return onSuccess(reply, r -> {
      Route answer = switch (r.outcome()) {
        case RESOLVED -> complete(StatusCodes.OK, Map.of("unit", unit.name(), "detail", r.detail()), Jackson.marshaller(json));
        case UNKNOWN_UNIT -> JsonErrors.complete(ApiError.notFound(r.detail()));
        case NOTHING_TO_RESOLVE -> JsonErrors.complete(ApiError.conflict(r.detail()));
      };
      return answer;
    });
  }
}
