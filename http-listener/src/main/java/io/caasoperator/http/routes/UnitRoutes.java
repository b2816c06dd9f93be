package io.caasoperator.http.routes;

import static org.apache.pekko.http.javadsl.server.Directives.*;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.caasoperator.action.ActionResult;
import io.caasoperator.action.ActionRun;
import io.caasoperator.domain.DurationText;
import io.caasoperator.domain.UnitId;
import io.caasoperator.http.ApiError;
import io.caasoperator.http.JsonBody;
import io.caasoperator.http.JsonErrors;
import io.caasoperator.operator.OperatorActor;
import io.caasoperator.unit.ExecReply;
import io.caasoperator.unit.ResolveReply;
import io.caasoperator.unit.UnitView;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.http.javadsl.marshallers.jackson.Jackson;
import org.apache.pekko.http.javadsl.model.StatusCodes;
import org.apache.pekko.http.javadsl.server.Route;

/**
 * {@code GET /v1/units/{app}/{n}}, {@code POST /v1/units/{app}/{n}/resolve}, {@code .../exec}, and
 * the charm actions' routes ({@link ActionRoutes}: {@code .../actions/{name}}, {@code
 * /v1/actions}).
 */
public final class UnitRoutes {
  /** The body of a resolve call: retry the failed hook now, or count it done. */
  public record ResolveRequest(boolean retry) {}

  /**
   * The body of an exec call.
   *
   * @param timeout e.g. {@code 30s}, {@code 5m}, at most {@link ExecTimeout#MAXIMUM} (default
   *     {@code caas.exec-timeout})
   */
  public record ExecRequest(
      String commands, Optional<String> timeout, Optional<ActionRequest> action) {}

  /**
   * Run the exec as this action: {@code action-get} reads the params, the reply carries results.
   */
  public record ActionRequest(String name, Optional<Map<String, Object>> params) {}

  /**
   * The reply of an exec call; {@code truncated}: output beyond the limit was dropped; {@code
   * action}: what the action reported (absent when the exec was no action).
   */
  public record ExecResponse(
      int code, String stdout, String stderr, boolean truncated, ActionResult action) {}

  private final OperatorAsk operator;
  private final ObjectMapper json;
  private final JsonBody body;
  private final Duration execTimeout;
  private final ActionRoutes actions;

  public UnitRoutes(
      ActorRef<OperatorActor.Command> operator,
      ActorSystem<?> system,
      ObjectMapper json,
      Duration askTimeout,
      Duration execTimeout) {
    if (execTimeout.isNegative()
        || execTimeout.isZero()
        || execTimeout.compareTo(ExecTimeout.MAXIMUM) > 0) {
      throw new IllegalArgumentException(
          "the default exec timeout must be between 0 and "
              + DurationText.format(ExecTimeout.MAXIMUM)
              + ", got "
              + DurationText.format(execTimeout));
    }
    this.operator = new OperatorAsk(operator, system, askTimeout);
    this.execTimeout = execTimeout;
    this.json = json;
    this.body = new JsonBody(JsonBody.standardMapper());
    this.actions = new ActionRoutes(this.operator, json);
  }

  public Route route() {
    return concat(
        UnitPath.prefix(
            (app, n) ->
                UnitPath.unit(
                    app,
                    n,
                    unit ->
                        concat(
                            pathEnd(() -> get(() -> detail(unit))),
                            path(
                                "resolve",
                                () ->
                                    post(
                                        () ->
                                            body.entityAs(
                                                ResolveRequest.class, req -> resolve(unit, req)))),
                            path(
                                "exec",
                                () ->
                                    post(
                                        () ->
                                            body.entityAs(
                                                ExecRequest.class, req -> exec(unit, req)))),
                            actions.unitRoute(unit)))),
        actions.route());
  }

  private Route detail(UnitId unit) {
    CompletionStage<Optional<UnitView>> reply =
        operator.ask(r -> new OperatorActor.GetUnit(unit, r));
    return onSuccess(
        reply,
        view ->
            view.isPresent()
                ? complete(StatusCodes.OK, view.get(), Jackson.marshaller(json))
                : JsonErrors.complete(ApiError.notFound("unknown unit " + unit)));
  }

  private Route exec(UnitId unit, ExecRequest request) {
    if (request.commands().isBlank())
      return JsonErrors.complete(ApiError.badRequest("\"commands\" is empty"));
    Duration timeout = execTimeout;
    if (request.timeout().isPresent()) {
      try {
        timeout = ExecTimeout.parse(request.timeout().get());
      } catch (IllegalArgumentException e) {
        return JsonErrors.complete(ApiError.badRequest(e.getMessage()));
      }
    }
    ActionRun action = null;
    if (request.action().isPresent()) {
      ActionRequest a = request.action().get();
      if (a.name().isBlank())
        return JsonErrors.complete(ApiError.badRequest("\"action.name\" is empty"));
      action = new ActionRun(a.name(), a.params().orElse(Map.of()));
    }
    ActionRun asAction = action;
    Duration limit = timeout;
    // the ask outlives the command: the unit replies after the process ended or was killed
    CompletionStage<ExecReply> reply =
        operator.ask(
            r -> new OperatorActor.ExecOnUnit(unit, request.commands(), limit, asAction, r),
            limit.plus(operator.timeout()).plus(operator.timeout()));
    return onSuccess(
        reply,
        r -> {
          Route answer =
              switch (r.outcome()) {
                case UNKNOWN_UNIT -> JsonErrors.complete(ApiError.notFound(r.detail()));
                case REFUSED -> JsonErrors.complete(ApiError.conflict(r.detail()));
                case RAN -> {
                  var p = r.result();
                  if (p.startFailure() != null) {
                    yield JsonErrors.complete(
                        ApiError.internal("the command could not start: " + p.startFailure()));
                  }
                  ExecResponse out =
                      new ExecResponse(
                          p.exitCode(), p.stdout(), p.stderr(), p.truncated(), r.action());
                  yield p.timedOut()
                      ? complete(
                          StatusCodes.REQUEST_TIMEOUT,
                          Map.of(
                              "error",
                              "timeout",
                              "detail",
                              "the command ran longer than "
                                  + DurationText.format(limit)
                                  + " and was killed with its process tree",
                              "stdout",
                              p.stdout(),
                              "stderr",
                              p.stderr(),
                              "truncated",
                              p.truncated()),
                          Jackson.marshaller(json))
                      : complete(StatusCodes.OK, out, Jackson.marshaller(json));
                }
              };
          return answer;
        });
  }

  private Route resolve(UnitId unit, ResolveRequest request) {
    CompletionStage<ResolveReply> reply =
        operator.ask(r -> new OperatorActor.ResolveUnit(unit, request.retry(), r));
    return onSuccess(
        reply,
        r -> {
          Route answer =
              switch (r.outcome()) {
                case RESOLVED ->
                    complete(
                        StatusCodes.OK,
                        Map.of("unit", unit.name(), "detail", r.detail()),
                        Jackson.marshaller(json));
                case UNKNOWN_UNIT -> JsonErrors.complete(ApiError.notFound(r.detail()));
                case NOTHING_TO_RESOLVE -> JsonErrors.complete(ApiError.conflict(r.detail()));
              };
          return answer;
        });
  }
}
