package io.caasoperator.http.routes;

import static io.caasoperator.http.routes.AdminListener.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.caasoperator.action.ActionLookup;
import io.caasoperator.action.ActionReply;
import io.caasoperator.domain.UnitId;
import io.caasoperator.http.auth.AdminToken;
import io.caasoperator.operator.OperatorActor;
import io.caasoperator.persistence.ActionMessage;
import io.caasoperator.persistence.ActionStatus;
import io.caasoperator.persistence.UnitState;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.typed.ActorRef;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The charm actions' routes over a real listener, with a stand-in operator: running one (queued,
 * finished within the wait, still running after it), every refusal with what it carries (the
 * actions the charm defines, the parameters' problems), showing and listing, and bad requests that
 * never reach the operator.
 */
class ActionRoutesTest {
  private static final AdminToken TOKEN =
      new AdminToken("s3cret-admin-token-for-tests-only-0123456789");
  private static final UnitId UNIT = UnitId.of("hello", 0);
  private static final Instant AT = Instant.parse("2026-11-22T10:15:30Z");
  private static final List<OperatorActor.Command> received = new CopyOnWriteArrayList<>();

  @RegisterExtension
  static final AdminListener listener =
      new AdminListener(TOKEN, ActionRoutesTest::fakeOperator, Duration.ofSeconds(5));

  private static UnitState.UnitAction pending(long id, Map<String, Object> params) {
    return new UnitState.UnitAction(
        id, "greet", params, ActionStatus.PENDING, "", Map.of(), List.of(), null, AT, null, null);
  }

  private static final UnitState.UnitAction COMPLETED =
      new UnitState.UnitAction(
          7,
          "greet",
          Map.of("who", "world"),
          ActionStatus.COMPLETED,
          "",
          Map.of("greeting", "hi world", "return-code", 0),
          List.of(new ActionMessage(AT.plusSeconds(1), "greeting")),
          "hello/0-greet-1",
          AT,
          AT.plusSeconds(1),
          AT.plusSeconds(2));
  private static final UnitState.UnitAction RUNNING =
      new UnitState.UnitAction(
          9,
          "greet",
          Map.of("who", "slow"),
          ActionStatus.RUNNING,
          "",
          Map.of(),
          List.of(),
          "hello/0-greet-2",
          AT,
          AT.plusSeconds(1),
          null);

  /**
   * Runs greet on hello/0 (who=slow gets id 9, which never finishes; others id 7, finished);
   * hello/1 is dying; other units are unknown.
   */
  private static ActorRef<OperatorActor.Command> fakeOperator(ActorTestKit testKit) {
    return AdminListener.recording(
        testKit,
        received,
        cmd -> {
          switch (cmd) {
            case OperatorActor.RunAction run ->
                run.replyTo()
                    .tell(
                        run.unit().ordinal() == 1
                            ? refused(ActionReply.Refusal.UNAVAILABLE, "unit hello/1 is dying")
                            : run.unit().ordinal() != 0
                                ? refused(
                                    ActionReply.Refusal.UNKNOWN_UNIT, "unknown unit " + run.unit())
                                : !run.name().equals("greet")
                                    ? new ActionReply.Refused(
                                        ActionReply.Refusal.UNKNOWN_ACTION,
                                        "action \""
                                            + run.name()
                                            + "\" not defined on unit \"hello/0\"; its charm \"hello\" defines greet",
                                        List.of("greet"),
                                        List.of())
                                    : !run.params().containsKey("who")
                                        ? new ActionReply.Refused(
                                            ActionReply.Refusal.INVALID_PARAMETERS,
                                            "invalid parameters for action \"greet\": x",
                                            List.of(),
                                            List.of("parameter \"who\" is required"))
                                        : new ActionReply.Queued(
                                            UNIT,
                                            pending(
                                                "slow".equals(run.params().get("who")) ? 9 : 7,
                                                run.params())));
            case OperatorActor.GetAction get -> {
              if (get.id() == 7) {
                get.replyTo().tell(new ActionLookup(UNIT, COMPLETED, ""));
              } else if (get.id() == 9 && !get.untilFinished()) {
                get.replyTo().tell(new ActionLookup(UNIT, RUNNING, ""));
              } else if (get.id() != 9) {
                get.replyTo().tell(new ActionLookup(null, null, "no action " + get.id()));
              }
            }
            case OperatorActor.ListActionIds list ->
                list.replyTo()
                    .tell(new OperatorActor.ActionIds(new TreeMap<>(Map.of(7L, UNIT, 9L, UNIT))));
            default -> {}
          }
        });
  }

  private static ActionReply refused(ActionReply.Refusal reason, String detail) {
    return new ActionReply.Refused(reason, detail, List.of(), List.of());
  }

  @BeforeEach
  void forget() {
    received.clear();
  }

  @Test
  void aQueuedActionIsAcceptedWithItsIdAndWhereToAskForIt() throws Exception {
    try (var client = listener.admin()) {
      var queued =
          client.post(
              "/v1/units/hello/0/actions/greet", "{\"params\": {\"who\": \"world\", \"n\": 2}}");
      assertThat(queued.statusCode()).isEqualTo(202);
      assertThat(queued.headers().firstValue("Location")).contains("/v1/actions/7");
      JsonNode body = json(queued);
      assertThat(body.path("id").asLong()).isEqualTo(7);
      assertThat(body.path("unit").asText()).isEqualTo("hello/0");
      assertThat(body.path("action").asText()).isEqualTo("greet");
      assertThat(body.path("status").asText()).isEqualTo("pending");
      assertThat(body.path("parameters").path("n").asInt()).isEqualTo(2);
      assertThat(body.path("timing").path("enqueued").asText()).isEqualTo("2026-11-22T10:15:30Z");
      assertThat(body.path("timing").has("started")).isFalse();
    }
    var run = (OperatorActor.RunAction) received.getFirst();
    assertThat(run.params()).isEqualTo(Map.of("who", "world", "n", 2));
  }

  @Test
  void aRunThatWaitsGetsTheFinishedActionOrAfterTheWaitTheActionAsItIs() throws Exception {
    try (var client = listener.admin()) {
      var finished =
          client.post(
              "/v1/units/hello/0/actions/greet",
              "{\"params\": {\"who\": \"world\"}, \"wait\": \"30s\"}");
      assertThat(finished.statusCode()).isEqualTo(200);
      JsonNode body = json(finished);
      assertThat(body.path("status").asText()).isEqualTo("completed");
      assertThat(body.path("results").path("greeting").asText()).isEqualTo("hi world");
      assertThat(body.path("log").get(0).path("message").asText()).isEqualTo("greeting");
      assertThat(body.path("timing").path("completed").asText()).isEqualTo("2026-11-22T10:15:32Z");

      var stillRunning =
          client.post(
              "/v1/units/hello/0/actions/greet",
              "{\"params\": {\"who\": \"slow\"}, \"wait\": \"300ms\"}");
      assertThat(stillRunning.statusCode()).isEqualTo(202);
      assertThat(json(stillRunning).path("status").asText()).isEqualTo("running");
    }
  }

  @Test
  void anUnknownActionIsA404NamingTheActionsTheCharmDefinesAndBadParametersA400WithTheProblems()
      throws Exception {
    try (var client = listener.admin()) {
      var unknown = client.post("/v1/units/hello/0/actions/nope", "{}");
      assertThat(unknown.statusCode()).isEqualTo(404);
      assertThat(json(unknown).path("error").asText()).isEqualTo("not_found");
      assertThat(json(unknown).path("detail").asText()).contains("defines greet");
      assertThat(json(unknown).path("actions").get(0).asText()).isEqualTo("greet");

      var invalid = client.post("/v1/units/hello/0/actions/greet", "");
      assertThat(invalid.statusCode()).as("an empty body is no parameters").isEqualTo(400);
      assertThat(json(invalid).path("error").asText()).isEqualTo("bad_request");
      assertThat(json(invalid).path("problems").get(0).asText())
          .isEqualTo("parameter \"who\" is required");

      var dying = client.post("/v1/units/hello/1/actions/greet", "{}");
      assertThat(dying.statusCode()).isEqualTo(409);
      assertThat(json(dying).path("detail").asText()).isEqualTo("unit hello/1 is dying");
      assertThat(client.post("/v1/units/hello/7/actions/greet", "{}").statusCode()).isEqualTo(404);
    }
  }

  @Test
  void badRequestsAreRefusedWithoutAskingTheOperator() throws Exception {
    try (var client = listener.admin()) {
      for (var body :
          List.of(
              "{\"params\": 1}",
              "{\"parms\": {}}",
              "{\"wait\": \"soon\"}",
              "{\"wait\": \"11m\"}",
              "[]")) {
        var response = client.post("/v1/units/hello/0/actions/greet", body);
        assertThat(response.statusCode()).as(body).isEqualTo(400);
      }
      assertThat(
              json(client.post("/v1/units/hello/0/actions/greet", "{\"wait\": \"11m\"}"))
                  .path("detail")
                  .asText())
          .isEqualTo(
              "\"wait\": \"11m\" is longer than the maximum of 10m; ask again to wait longer");
      assertThat(client.get("/v1/actions/abc").statusCode()).isEqualTo(400);
      assertThat(client.get("/v1/actions/0").statusCode()).isEqualTo(400);
      assertThat(client.get("/v1/actions/7?wait=forever").statusCode()).isEqualTo(400);
      assertThat(client.get("/v1/actions?unit=hello").statusCode()).isEqualTo(400);
      assertThat(client.get("/v1/actions?limit=0").statusCode()).isEqualTo(400);
    }
    assertThat(received).isEmpty();
    try (var anonymous = listener.anonymous()) {
      assertThat(anonymous.post("/v1/units/hello/0/actions/greet", "{}").statusCode())
          .isEqualTo(401);
      assertThat(anonymous.get("/v1/actions/7").statusCode()).isEqualTo(401);
      assertThat(anonymous.get("/v1/actions").statusCode()).isEqualTo(401);
    }
  }

  @Test
  void anActionIsShownByIdAndTheNewestAreListed() throws Exception {
    try (var client = listener.admin()) {
      var shown = client.get("/v1/actions/7");
      assertThat(shown.statusCode()).isEqualTo(200);
      assertThat(json(shown).path("status").asText()).isEqualTo("completed");
      var waited = client.get("/v1/actions/9?wait=200ms");
      assertThat(waited.statusCode()).isEqualTo(200);
      assertThat(json(waited).path("status").asText()).isEqualTo("running");
      var missing = client.get("/v1/actions/99");
      assertThat(missing.statusCode()).isEqualTo(404);
      assertThat(json(missing).path("detail").asText()).isEqualTo("no action 99");

      var list = json(client.get("/v1/actions?unit=hello/0&limit=5")).path("actions");
      assertThat(list).hasSize(2);
      assertThat(list.get(0).path("id").asLong()).isEqualTo(7);
      assertThat(list.get(1).path("status").asText()).isEqualTo("running");
    }
    assertThat(received)
        .filteredOn(c -> c instanceof OperatorActor.ListActionIds)
        .first()
        .isEqualTo(
            new OperatorActor.ListActionIds(
                Optional.of(UNIT),
                5,
                ((OperatorActor.ListActionIds)
                        received.stream()
                            .filter(c -> c instanceof OperatorActor.ListActionIds)
                            .findFirst()
                            .orElseThrow())
                    .replyTo()));
  }
}
