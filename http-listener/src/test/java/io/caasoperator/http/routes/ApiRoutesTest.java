package io.caasoperator.http.routes;

import static io.caasoperator.http.routes.AdminListener.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.caasoperator.domain.Life;
import io.caasoperator.domain.Status;
import io.caasoperator.domain.UnitId;
import io.caasoperator.hook.ProcessResult;
import io.caasoperator.http.auth.AdminToken;
import io.caasoperator.http.client.OperatorClient;
import io.caasoperator.operator.ApplicationView;
import io.caasoperator.operator.OperatorActor;
import io.caasoperator.unit.ExecReply;
import io.caasoperator.unit.ResolveReply;
import io.caasoperator.unit.UnitView;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.typed.ActorRef;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The admin routes over a real listener, with a stand-in operator actor: every route and every
 * error a user can get (400, 401, 404, 408, 409, 413), and none of them reaching the operator when
 * the request is bad.
 */
class ApiRoutesTest {
  private static final AdminToken TOKEN =
      new AdminToken("s3cret-admin-token-for-tests-only-0123456789");
  private static final UnitId UNIT = UnitId.of("hello", 0);
  private static final List<OperatorActor.Command> received = new CopyOnWriteArrayList<>();

  @RegisterExtension
  static final AdminListener listener =
      new AdminListener(TOKEN, ApiRoutesTest::fakeOperator, Duration.ofSeconds(5));

  /** Knows hello/0 (alive) and hello/1 (dying); execs "sleep" time out, others echo. */
  private static ActorRef<OperatorActor.Command> fakeOperator(ActorTestKit testKit) {
    Instant at = Instant.EPOCH;
    UnitView view =
        new UnitView(
            UNIT,
            Life.ALIVE,
            true,
            Status.of("idle", "", at),
            Status.of("active", "", at),
            1,
            null,
            null,
            0,
            "start",
            "completed",
            4,
            List.of("80/tcp"),
            java.util.Map.of(),
            null);
    return AdminListener.recording(
        testKit,
        received,
        cmd -> {
          switch (cmd) {
            case OperatorActor.GetStatus s ->
                s.replyTo()
                    .tell(
                        new ApplicationView(
                            "hello",
                            Status.of("active", "", at),
                            null,
                            1,
                            "hello/0",
                            "",
                            List.of(view),
                            List.of()));
            case OperatorActor.GetUnit u ->
                u.replyTo().tell(u.unit().equals(UNIT) ? Optional.of(view) : Optional.empty());
            case OperatorActor.ResolveUnit r ->
                r.replyTo()
                    .tell(
                        r.unit().equals(UNIT)
                            ? new ResolveReply(
                                ResolveReply.Outcome.NOTHING_TO_RESOLVE,
                                "unit hello/0 has no failed hook")
                            : new ResolveReply(
                                ResolveReply.Outcome.UNKNOWN_UNIT, "unknown unit " + r.unit()));
            case OperatorActor.ExecOnUnit e ->
                e.replyTo()
                    .tell(
                        switch (e.unit().ordinal()) {
                          case 0 ->
                              new ExecReply(
                                  ExecReply.Outcome.RAN,
                                  e.commands().startsWith("sleep")
                                      ? new ProcessResult(
                                          -1, "partial", "", e.timeout(), true, false, null)
                                      : new ProcessResult(
                                          3,
                                          "out:" + e.commands(),
                                          "err",
                                          Duration.ofMillis(5),
                                          false,
                                          false,
                                          null),
                                  "",
                                  null);
                          case 1 ->
                              new ExecReply(
                                  ExecReply.Outcome.REFUSED, null, "unit hello/1 is dying", null);
                          default ->
                              new ExecReply(
                                  ExecReply.Outcome.UNKNOWN_UNIT,
                                  null,
                                  "unknown unit " + e.unit(),
                                  null);
                        });
            default -> {}
          }
        });
  }

  @BeforeEach
  void forget() {
    received.clear();
  }

  @Test
  void statusAndUnitDetailAnswerWithTheAdminToken() throws Exception {
    try (var client = listener.admin()) {
      var status = client.get("/v1/status");
      assertThat(status.statusCode()).isEqualTo(200);
      assertThat(json(status).path("units").get(0).path("ports").get(0).asText())
          .isEqualTo("80/tcp");
      var unit = client.get("/v1/units/hello/0");
      assertThat(unit.statusCode()).isEqualTo(200);
      assertThat(json(unit).path("lastHook").asText()).isEqualTo("start");
    }
  }

  @Test
  void withoutOrWithAWrongTokenEveryAdminRouteIs401AndTheOperatorIsNotAsked() throws Exception {
    for (Optional<String> token : List.of(Optional.<String>empty(), Optional.of("wrong"))) {
      try (var client = new OperatorClient(listener.url(), Optional.empty(), token)) {
        for (var response :
            List.of(
                client.get("/v1/status"),
                client.get("/v1/units/hello/0"),
                client.post("/v1/units/hello/0/resolve", "{\"retry\":true}"),
                client.post("/v1/units/hello/0/exec", "{\"commands\":\"id\"}"))) {
          assertThat(response.statusCode()).isEqualTo(401);
          assertThat(json(response).path("error").asText()).isEqualTo("unauthorized");
        }
      }
    }
    assertThat(received).isEmpty();
  }

  @Test
  void probesNeedNoToken() throws Exception {
    try (var client = listener.anonymous()) {
      assertThat(client.get("/healthz").statusCode()).isEqualTo(200);
      assertThat(client.get("/readyz").statusCode())
          .isEqualTo(503); // no charm deployed in this stand-in
    }
  }

  @Test
  void unknownPathsOutsideTheApiAre404WithoutAToken() throws Exception {
    try (var client = listener.anonymous()) {
      for (String path : List.of("/", "/nope", "/metrics/extra", "/healthz/x", "/v2/status")) {
        var response = client.get(path);
        assertThat(response.statusCode()).as(path).isEqualTo(404);
        assertThat(json(response).path("error").asText()).as(path).isEqualTo("not_found");
      }
    }
    assertThat(received).isEmpty();
  }

  @Test
  void unknownPathsUnderTheApiAre404WithTheTokenAnd401WithoutIt() throws Exception {
    try (var client = listener.admin()) {
      assertThat(client.get("/v1/nope").statusCode()).isEqualTo(404);
      assertThat(client.get("/v1/units/hello/0/nope").statusCode()).isEqualTo(404);
    }
    try (var anonymous = listener.anonymous()) {
      assertThat(anonymous.get("/v1/nope").statusCode()).isEqualTo(401);
    }
  }

  @Test
  void headAnswersEveryGetRouteWithItsStatusAndHeadersButNoBody() throws Exception {
    var http = java.net.http.HttpClient.newHttpClient();
    for (String path : List.of("/healthz", "/readyz", "/metrics", "/nope")) {
      var get =
          http.send(
              java.net.http.HttpRequest.newBuilder(listener.url().resolve(path)).GET().build(),
              HttpResponse.BodyHandlers.ofString());
      var head =
          http.send(
              java.net.http.HttpRequest.newBuilder(listener.url().resolve(path))
                  .method("HEAD", java.net.http.HttpRequest.BodyPublishers.noBody())
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      assertThat(head.statusCode()).as(path).isEqualTo(get.statusCode());
      assertThat(head.body()).as(path).isEmpty();
      assertThat(head.headers().firstValue("Content-Type"))
          .as(path)
          .isEqualTo(get.headers().firstValue("Content-Type"));
    }
    var status =
        http.send(
            java.net.http.HttpRequest.newBuilder(listener.url().resolve("/v1/status"))
                .header("Authorization", "Bearer " + TOKEN.value())
                .method("HEAD", java.net.http.HttpRequest.BodyPublishers.noBody())
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(status.statusCode()).isEqualTo(200);
    assertThat(status.body()).isEmpty();
  }

  @Test
  void metricsNeedNoTokenAndSpeakPrometheusText() throws Exception {
    io.caasoperator.metrics.OperatorMetrics.get(listener.testKit().system())
        .hookEnded("install", true, Duration.ofMillis(250));
    try (var client = listener.anonymous()) {
      HttpResponse<String> metrics = client.get("/metrics");
      assertThat(metrics.statusCode()).isEqualTo(200);
      assertThat(metrics.headers().firstValue("Content-Type"))
          .hasValueSatisfying(t -> assertThat(t).startsWith("text/plain"));
      assertThat(metrics.body())
          .contains("# HELP caas_hooks_total ")
          .contains("caas_hooks_total{hook=\"install\",outcome=\"completed\"} 1.0")
          .contains("caas_hook_duration_seconds_bucket{hook=\"install\",le=\"0.5\"} 1")
          .contains("caas_journal_available 1.0");
    }
  }

  @Test
  void execRepliesWithCodeAndBothStreams() throws Exception {
    try (var client = listener.admin()) {
      var response =
          client.post("/v1/units/hello/0/exec", "{\"commands\":\"id -u\",\"timeout\":\"30s\"}");
      assertThat(response.statusCode()).isEqualTo(200);
      JsonNode body = json(response);
      assertThat(body.path("code").asInt()).isEqualTo(3);
      assertThat(body.path("stdout").asText()).isEqualTo("out:id -u");
      assertThat(body.path("stderr").asText()).isEqualTo("err");
      var exec = (OperatorActor.ExecOnUnit) received.get(0);
      assertThat(exec.timeout()).isEqualTo(Duration.ofSeconds(30));
    }
  }

  @Test
  void execErrorsHaveTheRightStatus() throws Exception {
    try (var client = listener.admin()) {
      var timedOut =
          client.post("/v1/units/hello/0/exec", "{\"commands\":\"sleep 100\",\"timeout\":\"1s\"}");
      assertThat(timedOut.statusCode()).isEqualTo(408);
      assertThat(json(timedOut).path("stdout").asText()).isEqualTo("partial");
      assertThat(json(timedOut).path("detail").asText()).contains("1s");
      assertThat(client.post("/v1/units/hello/1/exec", "{\"commands\":\"true\"}").statusCode())
          .isEqualTo(409);
      assertThat(client.post("/v1/units/hello/7/exec", "{\"commands\":\"true\"}").statusCode())
          .isEqualTo(404);
      received.clear();
      var missing = client.post("/v1/units/hello/0/exec", "{\"timeout\":\"1s\"}");
      assertThat(missing.statusCode()).isEqualTo(400);
      assertThat(json(missing).path("detail").asText()).contains("commands");
      assertThat(client.post("/v1/units/hello/0/exec", "{\"commands\": ").statusCode())
          .isEqualTo(400);
      var badTimeout =
          client.post("/v1/units/hello/0/exec", "{\"commands\":\"true\",\"timeout\":\"soon\"}");
      assertThat(badTimeout.statusCode()).isEqualTo(400);
      assertThat(json(badTimeout).path("detail").asText()).contains("soon");
      assertThat(client.post("/v1/units/Hello/0/exec", "{\"commands\":\"true\"}").statusCode())
          .isEqualTo(400);
      var operatorContext =
          client.post("/v1/units/hello/0/exec", "{\"commands\":\"true\",\"operator\":true}");
      assertThat(operatorContext.statusCode())
          .as("there is no operator context to run in")
          .isEqualTo(400);
      assertThat(json(operatorContext).path("detail").asText())
          .contains("unknown field \"operator\"");
      var huge =
          client.post(
              "/v1/units/hello/0/exec", "{\"commands\":\"" + "x".repeat(2 * 1024 * 1024) + "\"}");
      assertThat(huge.statusCode()).isEqualTo(413);
      assertThat(received).isEmpty();
    }
  }

  @Test
  void execCommandsThatAreNotAJsonStringAre400AndNeverRun() throws Exception {
    try (var client = listener.admin()) {
      for (String commands : List.of("123", "true", "1.5", "[\"id\"]", "{\"sh\": \"id\"}")) {
        var response = client.post("/v1/units/hello/0/exec", "{\"commands\": " + commands + "}");
        assertThat(response.statusCode()).as(commands).isEqualTo(400);
        assertThat(json(response).path("error").asText()).isEqualTo("bad_request");
        assertThat(json(response).path("detail").asText())
            .as(commands)
            .startsWith("field \"commands\": expected a string");
      }
      var retry = client.post("/v1/units/hello/0/resolve", "{\"retry\": \"false\"}");
      assertThat(json(retry).path("detail").asText())
          .isEqualTo("field \"retry\": expected true or false, got \"false\"");
      var actionName =
          client.post(
              "/v1/units/hello/0/exec", "{\"commands\": \"id\", \"action\": {\"name\": 7}}");
      assertThat(json(actionName).path("detail").asText())
          .isEqualTo("field \"action.name\": expected a string, got 7");
      assertThat(received).isEmpty();
    }
  }

  @Test
  void execTimeoutsOverTheMaximumOrOverflowingAre400NamingTheMaximum() throws Exception {
    try (var client = listener.admin()) {
      for (String timeout :
          List.of("25h", "100000000h", "9223372036854775807s", "99999999999999999999999s")) {
        var response =
            client.post(
                "/v1/units/hello/0/exec",
                "{\"commands\":\"true\",\"timeout\":\"" + timeout + "\"}");
        assertThat(response.statusCode()).as(timeout).isEqualTo(400);
        assertThat(json(response).path("error").asText()).isEqualTo("bad_request");
        assertThat(json(response).path("detail").asText())
            .as(timeout)
            .isEqualTo("\"timeout\": \"" + timeout + "\" is longer than the maximum of 24h");
      }
      assertThat(received).isEmpty();
      var longest =
          client.post("/v1/units/hello/0/exec", "{\"commands\":\"true\",\"timeout\":\"24h\"}");
      assertThat(longest.statusCode()).isEqualTo(200);
      assertThat(((OperatorActor.ExecOnUnit) received.get(0)).timeout())
          .isEqualTo(Duration.ofHours(24));
    }
  }

  @Test
  void resolveRetryMustBeAJsonBoolean() throws Exception {
    try (var client = listener.admin()) {
      for (String retry : List.of("\"true\"", "1", "\"\"")) {
        var response = client.post("/v1/units/hello/0/resolve", "{\"retry\": " + retry + "}");
        assertThat(response.statusCode()).as(retry).isEqualTo(400);
        assertThat(json(response).path("detail").asText())
            .as(retry)
            .startsWith("field \"retry\": expected true or false");
      }
      assertThat(received).isEmpty();
    }
  }

  @Test
  void resolveOfAUnitWithoutAFailedHookIs409AndOfAnUnknownUnit404() throws Exception {
    try (var client = listener.admin()) {
      var nothing = client.post("/v1/units/hello/0/resolve", "{\"retry\":false}");
      assertThat(nothing.statusCode()).isEqualTo(409);
      assertThat(json(nothing).path("detail").asText())
          .isEqualTo("unit hello/0 has no failed hook");
      assertThat(client.post("/v1/units/hello/5/resolve", "{\"retry\":true}").statusCode())
          .isEqualTo(404);
      assertThat(client.post("/v1/units/hello/0/resolve", "{}").statusCode()).isEqualTo(400);
      assertThat(client.get("/v1/units/hello/5").statusCode()).isEqualTo(404);
    }
  }
}
