package io.caasoperator.http.routes;

import static org.apache.pekko.http.javadsl.server.Directives.*;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.caasoperator.action.ActionLookup;
import io.caasoperator.action.ActionReply;
import io.caasoperator.domain.DurationText;
import io.caasoperator.domain.UnitId;
import io.caasoperator.http.ApiError;
import io.caasoperator.http.JsonBody;
import io.caasoperator.http.JsonErrors;
import io.caasoperator.operator.OperatorActor;
import io.caasoperator.persistence.ActionMessage;
import io.caasoperator.persistence.UnitState;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeoutException;
import java.util.regex.Pattern;
import org.apache.pekko.http.javadsl.marshallers.jackson.Jackson;
import org.apache.pekko.http.javadsl.model.StatusCode;
import org.apache.pekko.http.javadsl.model.StatusCodes;
import org.apache.pekko.http.javadsl.model.headers.Location;
import org.apache.pekko.http.javadsl.server.PathMatchers;
import org.apache.pekko.http.javadsl.server.Route;
import org.apache.pekko.http.javadsl.unmarshalling.Unmarshaller;

/**
 * Charm actions over HTTP: {@code POST /v1/units/{app}/{n}/actions/{name}} runs one (its parameters
 * validated against the action's schema by the unit), {@code GET /v1/actions/{id}} shows one,
 * {@code GET /v1/actions} lists the newest. Each may wait for the action to finish ({@code wait},
 * at most {@link #MAXIMUM_WAIT}, so a request stays well inside the listener's request timeout; a
 * client that waits longer asks again, as {@code juju run} polls).
 */
public final class ActionRoutes {

  /** The longest a request may wait for an action to finish. */
  public static final Duration MAXIMUM_WAIT = Duration.ofMinutes(10);

  /** How many actions a list shows when it does not say. */
  public static final int DEFAULT_LIMIT = 100;

  private static final int MAXIMUM_LIMIT = 10_000;
  private static final Pattern ID = Pattern.compile("[1-9][0-9]{0,17}");

  /**
   * The body of a run request; an empty body means neither.
   *
   * @param params the action's parameters (JSON values; nested objects for nested parameters)
   * @param waitFor {@code "wait"} in JSON: how long to wait for the action to finish, e.g. {@code
   *     "60s"} (default: not at all)
   */
  public record RunRequest(
      Optional<Map<String, Object>> params, @JsonProperty("wait") Optional<String> waitFor) {}

  /**
   * An action as the API shows it.
   *
   * @param id unique within the application
   * @param unit the unit it runs on
   * @param action its name, as in the charm's actions.yaml
   * @param status pending, running, completed, failed or cancelled
   * @param message why it failed, or empty
   * @param parameters as validated, with the schema's defaults filled in
   * @param results {@code action-set} values, with {@code return-code}, {@code stdout}, {@code
   *     stderr}
   * @param log its {@code action-log} messages with their times
   */
  public record ActionView(
      long id,
      String unit,
      String action,
      String status,
      String message,
      Map<String, Object> parameters,
      Map<String, Object> results,
      List<ActionMessage> log,
      Timing timing) {

    static ActionView of(UnitId unit, UnitState.UnitAction a) {
      return new ActionView(
          a.id(),
          unit.name(),
          a.name(),
          a.status().label(),
          a.message(),
          a.params(),
          a.results(),
          a.log(),
          new Timing(a.enqueued(), a.started(), a.completed()));
    }
  }

  /** When it was queued, started and finished; absent until then. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Timing(Instant enqueued, Instant started, Instant completed) {}

  /** The body of a list. */
  public record ActionList(List<ActionView> actions) {}

  private final OperatorAsk operator;
  private final ObjectMapper json;
  private final JsonBody body;

  ActionRoutes(OperatorAsk operator, ObjectMapper json) {
    this.operator = operator;
    this.json = json;
    this.body = JsonBody.standard();
  }

  /** {@code GET /v1/actions/{id}} and {@code GET /v1/actions}. */
  public Route route() {
    return pathPrefix(
        "v1",
        () ->
            pathPrefix(
                "actions",
                () ->
                    concat(
                        pathEnd(
                            () ->
                                get(
                                    () ->
                                        parameterOptional(
                                            "unit",
                                            unit ->
                                                parameterOptional(
                                                    "limit", limit -> list(unit, limit))))),
                        path(
                            PathMatchers.segment(),
                            id -> get(() -> parameterOptional("wait", wait -> show(id, wait)))))));
  }

  /** {@code POST actions/{name}} below a unit's path. */
  Route unitRoute(UnitId unit) {
    return pathPrefix(
        "actions",
        () ->
            path(
                PathMatchers.segment(),
                name ->
                    post(
                        () ->
                            entity(
                                Unmarshaller.entityToByteString(),
                                bytes -> {
                                  if (bytes.isEmpty())
                                    return run(
                                        unit,
                                        name,
                                        new RunRequest(Optional.empty(), Optional.empty()));
                                  JsonBody.Parsed<RunRequest> parsed =
                                      body.parse(bytes, RunRequest.class);
                                  return parsed.value() != null
                                      ? run(unit, name, parsed.value())
                                      : JsonErrors.complete(parsed.error());
                                }))));
  }

  private Route run(UnitId unit, String name, RunRequest request) {
    Duration wait;
    try {
      wait = waitOf(request.waitFor());
    } catch (IllegalArgumentException e) {
      return JsonErrors.complete(ApiError.badRequest(e.getMessage()));
    }
    Map<String, Object> params = request.params().orElse(Map.of());
    CompletionStage<ActionReply> reply =
        operator.ask(r -> new OperatorActor.RunAction(unit, name, params, r));
    return onSuccess(
        reply,
        r ->
            switch (r) {
              case ActionReply.Refused refused -> refusal(refused);
              case ActionReply.Queued queued ->
                  wait.isZero()
                      ? answer(StatusCodes.ACCEPTED, queued.unit(), queued.action())
                      : onSuccess(
                          lookup(queued.action().id(), wait),
                          found ->
                              found.action() == null
                                  ? answer(StatusCodes.ACCEPTED, queued.unit(), queued.action())
                                  : answer(
                                      found.action().status().finished()
                                          ? StatusCodes.OK
                                          : StatusCodes.ACCEPTED,
                                      found.unit(),
                                      found.action()));
            });
  }

  private Route show(String idText, Optional<String> waitText) {
    if (!ID.matcher(idText).matches()) {
      return JsonErrors.complete(
          ApiError.badRequest("invalid action id \"" + idText + "\": expected a number such as 2"));
    }
    Duration wait;
    try {
      wait = waitOf(waitText);
    } catch (IllegalArgumentException e) {
      return JsonErrors.complete(ApiError.badRequest(e.getMessage()));
    }
    return onSuccess(
        lookup(Long.parseLong(idText), wait),
        found ->
            found.action() == null
                ? JsonErrors.complete(ApiError.notFound(found.detail()))
                : complete(
                    StatusCodes.OK,
                    ActionView.of(found.unit(), found.action()),
                    Jackson.marshaller(json)));
  }

  private Route list(Optional<String> unitText, Optional<String> limitText) {
    Optional<UnitId> unit;
    int limit;
    try {
      unit = unitText.map(UnitId::parse);
      limit = limitText.map(ActionRoutes::limitOf).orElse(DEFAULT_LIMIT);
    } catch (IllegalArgumentException e) {
      return JsonErrors.complete(ApiError.badRequest(e.getMessage()));
    }
    CompletionStage<OperatorActor.ActionIds> ids =
        operator.ask(r -> new OperatorActor.ListActionIds(unit, limit, r));
    CompletionStage<ActionList> listed =
        ids.thenCompose(
            found -> {
              List<CompletableFuture<ActionLookup>> lookups = new ArrayList<>();
              for (long id : found.units().keySet())
                lookups.add(lookup(id, Duration.ZERO).toCompletableFuture());
              return CompletableFuture.allOf(lookups.toArray(CompletableFuture[]::new))
                  .thenApply(
                      done ->
                          new ActionList(
                              lookups.stream()
                                  .map(CompletableFuture::join)
                                  .filter(l -> l.action() != null)
                                  .map(l -> ActionView.of(l.unit(), l.action()))
                                  .toList()));
            });
    return onSuccess(
        listed, actions -> complete(StatusCodes.OK, actions, Jackson.marshaller(json)));
  }

  /**
   * The action as its unit keeps it, once it finished or {@code wait} passed (zero: now). The watch
   * is an ask that times out; the action is then asked for as it is.
   */
  private CompletionStage<ActionLookup> lookup(long id, Duration wait) {
    if (wait.isZero()) {
      return operator.ask(r -> new OperatorActor.GetAction(id, false, r));
    }
    return operator
        .<ActionLookup>ask(r -> new OperatorActor.GetAction(id, true, r), wait)
        .exceptionallyCompose(
            error ->
                isTimeout(error)
                    ? operator.<ActionLookup>ask(r -> new OperatorActor.GetAction(id, false, r))
                    : CompletableFuture.failedStage(error));
  }

  private static boolean isTimeout(Throwable error) {
    Throwable cause =
        error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
    return cause instanceof TimeoutException;
  }

  private Route answer(StatusCode status, UnitId unit, UnitState.UnitAction action) {
    ActionView view = ActionView.of(unit, action);
    Route body = complete(status, view, Jackson.marshaller(json));
    return status.equals(StatusCodes.ACCEPTED)
        ? respondWithHeader(Location.create("/v1/actions/" + action.id()), () -> body)
        : body;
  }

  /** 404 with the actions the charm defines, 400 with the problems, 409, as the refusal says. */
  private Route refusal(ActionReply.Refused refused) {
    Map<String, Object> error = new LinkedHashMap<>();
    StatusCode status =
        switch (refused.reason()) {
          case UNKNOWN_UNIT -> StatusCodes.NOT_FOUND;
          case UNKNOWN_ACTION -> {
            error.put("actions", refused.knownActions());
            yield StatusCodes.NOT_FOUND;
          }
          case INVALID_PARAMETERS -> {
            error.put("problems", refused.problems());
            yield StatusCodes.BAD_REQUEST;
          }
          case UNAVAILABLE -> StatusCodes.CONFLICT;
        };
    Map<String, Object> answer = new LinkedHashMap<>();
    answer.put(
        "error",
        status.equals(StatusCodes.NOT_FOUND)
            ? "not_found"
            : status.equals(StatusCodes.BAD_REQUEST) ? "bad_request" : "conflict");
    answer.put("detail", refused.detail());
    answer.putAll(error);
    return complete(status, answer, Jackson.marshaller(json));
  }

  /** How long to wait: zero when not asked; at most {@link #MAXIMUM_WAIT}. */
  static Duration waitOf(Optional<String> text) {
    if (text.isEmpty()) return Duration.ZERO;
    String value = text.get().strip();
    Optional<Duration> wait = DurationText.parse(value);
    if (wait.isEmpty() && !value.matches("(?:\\d+(?:ms|s|m|h))+")) {
      throw new IllegalArgumentException(
          "\"wait\": \"" + text.get() + "\" is not a duration (use e.g. 30s, 5m)");
    }
    if (wait.isEmpty() || wait.get().compareTo(MAXIMUM_WAIT) > 0) {
      throw new IllegalArgumentException(
          "\"wait\": \""
              + text.get()
              + "\" is longer than the maximum of "
              + DurationText.format(MAXIMUM_WAIT)
              + "; ask again to wait longer");
    }
    return wait.get();
  }

  private static int limitOf(String text) {
    if (!text.matches("[0-9]{1,9}")
        || Integer.parseInt(text) < 1
        || Integer.parseInt(text) > MAXIMUM_LIMIT) {
      throw new IllegalArgumentException(
          "\"limit\": \"" + text + "\" is not a number from 1 to " + MAXIMUM_LIMIT);
    }
    return Integer.parseInt(text);
  }
}
