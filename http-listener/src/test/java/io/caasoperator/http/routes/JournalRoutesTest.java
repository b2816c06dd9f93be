package io.caasoperator.http.routes;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.typesafe.config.ConfigFactory;
import io.caasoperator.domain.Status;
import io.caasoperator.domain.UnitId;
import io.caasoperator.http.HttpListener;
import io.caasoperator.http.ListenerSettings;
import io.caasoperator.http.auth.AdminToken;
import io.caasoperator.http.auth.BearerAuthentication;
import io.caasoperator.http.client.OperatorClient;
import io.caasoperator.persistence.HookKind;
import io.caasoperator.persistence.JournalEvent;
import io.caasoperator.persistence.JournalJson;
import io.caasoperator.persistence.JournalSchema;
import io.caasoperator.persistence.JournalSettings;
import io.caasoperator.persistence.OperatorEvent;
import io.caasoperator.persistence.PlannedHook;
import io.caasoperator.persistence.UnitEvent;
import io.caasoperator.persistence.timeline.JournalEntry;
import io.caasoperator.persistence.timeline.JournalReader;
import io.caasoperator.persistence.timeline.JournalTransfer;
import java.io.BufferedReader;
import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.http.javadsl.ServerBinding;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code GET /v1/journal} and {@code GET /v1/journal/state} on a real listener over an H2 journal.
 */
class JournalRoutesTest {
  @TempDir static Path dataDir;
  static ActorTestKit testKit;
  static ServerBinding binding;
  static OperatorClient client;
  static URI url;
  static final ObjectMapper json = JournalJson.mapper();
  static final Instant T0 = Instant.parse("2026-11-22T10:00:00Z");
  static final UnitId U0 = UnitId.of("hello", 0);

  @BeforeAll
  static void start() throws Exception {
    testKit =
        ActorTestKit.create(
            JournalSettings.h2(dataDir.resolve("journal"))
                .toConfig()
                .withFallback(ConfigFactory.load()));
    JournalSchema.createIfMissing(testKit.system(), Duration.ofSeconds(30));
    JournalReader reader = JournalReader.using(testKit.system());
    PlannedHook install = PlannedHook.of(HookKind.INSTALL, 1, 1);
    List<String> entities =
        List.of(
            "operator|hello", "operator|hello", "unit|hello/0", "unit|hello/0", "operator|hello");
    List<JournalEvent> events =
        List.of(
            new OperatorEvent.UnitAdded(U0, T0),
            new OperatorEvent.LeaderElected(U0, T0.plusSeconds(1)),
            new UnitEvent.HookStarted(install, 1, "ctx-1", T0.plusSeconds(2)),
            new UnitEvent.HookFailed("install", 1, "exit status 1", 5, T0.plusSeconds(3)),
            new OperatorEvent.ApplicationStatusChanged(
                Status.of("active", "", T0.plusSeconds(4)), T0.plusSeconds(4)));
    StringBuilder ndjson = new StringBuilder();
    long[] seqNrs = {0, 0};
    for (int i = 0; i < events.size(); i++) {
      long seqNr = ++seqNrs[entities.get(i).startsWith("unit") ? 1 : 0];
      ndjson
          .append(JournalEntry.of(i + 1, entities.get(i), seqNr, events.get(i)).toJson(json))
          .append('\n');
    }
    JournalTransfer.importInto(reader, new BufferedReader(new StringReader(ndjson.toString())));

    AdminToken token = AdminToken.loadOrCreate(dataDir);
    JournalRoutes routes = new JournalRoutes(reader, "hello", json, Clock.systemUTC());
    ListenerSettings settings = new ListenerSettings("127.0.0.1", 0, true, Optional.empty());
    binding =
        HttpListener.start(
                testKit.system(),
                settings,
                BearerAuthentication.requireBearer(
                    token,
                    () ->
                        org.apache.pekko.http.javadsl.server.Directives.concat(
                            routes.route(),
                            // a model's journal, mounted beside this application's
                            org.apache.pekko.http.javadsl.server.Directives.pathPrefix(
                                "model",
                                () ->
                                    JournalRoutes.ofModel(reader, json, Clock.systemUTC())
                                        .route()))))
            .toCompletableFuture()
            .get(10, TimeUnit.SECONDS);
    url = settings.localUrl(binding.localAddress());
    client = new OperatorClient(url, Optional.empty(), Optional.of(token.value()));
  }

  @AfterAll
  static void stop() throws Exception {
    client.close();
    binding.terminate(Duration.ofSeconds(5)).toCompletableFuture().get();
    testKit.shutdownTestKit();
  }

  /** GETs {@code path}, which must be refused as a bad request; what the refusal says. */
  private static String refused(String path) throws Exception {
    HttpResponse<String> response = client.get(path);
    assertThat(response.statusCode()).as(path).isEqualTo(400);
    JsonNode body = json.readTree(response.body());
    assertThat(body.path("error").asText()).as(path).isEqualTo("bad_request");
    return body.path("detail").asText();
  }

  private static List<JsonNode> lines(String path) throws Exception {
    HttpResponse<Stream<String>> response = client.getLines(path);
    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(response.headers().firstValue("Content-Type")).hasValue("application/x-ndjson");
    try (Stream<String> body = response.body()) {
      return body.filter(l -> !l.isBlank())
          .map(
              l -> {
                try {
                  return json.readTree(l);
                } catch (Exception e) {
                  throw new AssertionError(e);
                }
              })
          .toList();
    }
  }

  @Test
  void theJournalStreamsEveryEventInGlobalOrderAndFiltersByUnitTypeAndTime() throws Exception {
    assertThat(lines("/v1/journal"))
        .extracting(n -> n.path("type").asText())
        .containsExactly(
            "operator.UnitAdded.v1",
            "operator.LeaderElected.v1",
            "unit.HookStarted.v1",
            "unit.HookFailed.v1",
            "operator.ApplicationStatusChanged.v1");
    assertThat(lines("/v1/journal?unit=hello/0"))
        .hasSize(2)
        .allMatch(n -> n.path("entity").asText().equals("unit|hello/0"));
    assertThat(lines("/v1/journal?type=HookFailed"))
        .singleElement()
        .satisfies(
            n -> assertThat(n.path("event").path("reason").asText()).isEqualTo("exit status 1"));
    assertThat(lines("/v1/journal?since=2026-11-22T10:00:01Z&until=2026-11-22T10:00:02Z"))
        .hasSize(2);
  }

  @Test
  void followKeepsTheStreamOpenAfterTheEventsSoFar() throws Exception {
    HttpResponse<Stream<String>> response =
        client.getLines("/v1/journal?follow=true&type=HookFailed");
    assertThat(response.statusCode()).isEqualTo(200);
    try (Stream<String> body = response.body()) {
      assertThat(body.filter(l -> !l.isBlank()).findFirst())
          .hasValueSatisfying(l -> assertThat(l).contains("HookFailed"));
    }
  }

  @Test
  void theStateAtAnOffsetIsReplayedFromTheEvents() throws Exception {
    HttpResponse<String> response = client.get("/v1/journal/state?at=3");
    assertThat(response.statusCode()).isEqualTo(200);
    JsonNode state = json.readTree(response.body());
    assertThat(state.path("events").asLong()).isEqualTo(3);
    assertThat(state.path("status").path("leader").asText()).isEqualTo("hello/0");
    assertThat(
            state
                .path("units")
                .path("hello/0")
                .path("hooks")
                .path("running")
                .path("hook")
                .path("kind")
                .asText())
        .isEqualTo("install");
    JsonNode latest = json.readTree(client.get("/v1/journal/state").body());
    assertThat(
            latest
                .path("units")
                .path("hello/0")
                .path("hooks")
                .path("failed")
                .path("exitCode")
                .asInt())
        .isEqualTo(1);
    assertThat(latest.path("status").path("status").path("value").asText()).isEqualTo("active");
  }

  @Test
  void aDurationAgoThatOverflowsIs400NamingTheParameter() throws Exception {
    for (String[] query :
        new String[][] {
          {"/v1/journal?since=", "since", "9223372036854775807d"},
          {"/v1/journal?until=", "until", "99999999999999h"},
          {"/v1/journal/state?at=", "at", "9223372036854775807m"}
        }) {
      assertThat(refused(query[0] + query[2]))
          .startsWith("\"" + query[1] + "\": invalid time \"" + query[2] + "\": too far back");
    }
  }

  @Test
  void aRelationFilterTakesAnIdAndKeepsOnlyEventsNamingIt() throws Exception {
    assertThat(refused("/v1/journal?relation=kv"))
        .isEqualTo("\"relation\": expected a relation id (N or endpoint:N), got \"kv\"");
    assertThat(lines("/v1/journal")).isNotEmpty();
    assertThat(lines("/v1/journal?relation=kv:999")).isEmpty();
  }

  @Test
  void followAndAfterTakeOnlyWhatTheyMean() throws Exception {
    assertThat(refused("/v1/journal?follow=yes"))
        .isEqualTo("\"follow\": expected true or false, got \"yes\"");
    for (String after : List.of("-1", "x", "99999999999999999999")) {
      assertThat(refused("/v1/journal?after=" + after))
          .startsWith("\"after\": expected a global offset");
    }
    assertThat(lines("/v1/journal?after=3&follow=false")).hasSize(2);
  }

  @Test
  void aModelsJournalIsReadOneApplicationAtATimeNamedOrByItsUnit() throws Exception {
    assertThat(lines("/model/v1/journal?application=hello")).hasSize(5);
    assertThat(lines("/model/v1/journal?unit=hello/0"))
        .hasSize(2)
        .allMatch(n -> n.path("entity").asText().equals("unit|hello/0"));
    assertThat(lines("/model/v1/journal?application=other")).isEmpty();

    assertThat(refused("/model/v1/journal"))
        .contains("name one (application=NAME; caas-operator journal --app NAME)");
  }

  @Test
  void badQueriesAreRefusedWithAJsonError() throws Exception {
    for (String path :
        List.of(
            "/v1/journal?type=Nope",
            "/v1/journal?unit=other/0",
            "/v1/journal?since=yesterday",
            "/v1/journal/state?at=soon")) {
      assertThat(refused(path)).as(path).isNotEmpty();
    }
    try (OperatorClient anonymous = new OperatorClient(url, Optional.empty(), Optional.empty())) {
      assertThat(anonymous.get("/v1/journal").statusCode()).isEqualTo(401);
    }
  }
}
