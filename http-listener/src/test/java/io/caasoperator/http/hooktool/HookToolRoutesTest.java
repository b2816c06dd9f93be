package io.caasoperator.http.hooktool;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.caasoperator.hooktool.ToolOutcome;
import io.caasoperator.hooktool.transport.HookToolFraming;
import io.caasoperator.http.ListenerSettings;
import io.caasoperator.http.RunningListener;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The hook-tool route over a real listener (plain HTTP on loopback), with a fake gateway. */
class HookToolRoutesTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String GOOD = "good-token";

  /** One call as the gateway received it. */
  record Received(String token, String tool, List<String> args, String stdin) {}

  static final List<Received> received = new CopyOnWriteArrayList<>();
  static RunningListener listener;
  static URI url;
  static final HttpClient client =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  /**
   * Accepts {@link #GOOD} only and echoes the call: stdout lists the arguments, stderr the stdin.
   */
  static final HookToolGateway gateway =
      new HookToolGateway() {
        @Override
        public CompletionStage<ToolOutcome> call(
            String token, String tool, List<String> args, String stdin) {
          if (!token.equals(GOOD)) {
            return CompletableFuture.failedFuture(
                new HookToolDenied("the token is not that of a running hook"));
          }
          received.add(new Received(token, tool, args, stdin));
          return CompletableFuture.completedFuture(
              new ToolOutcome(
                  tool.equals("fail") ? 1 : 0, String.join("|", args) + "\n", stdin, List.of()));
        }

        @Override
        public boolean recognises(String token) {
          return !token.equals("ended");
        }
      };

  @BeforeAll
  static void startListener() throws Exception {
    listener =
        RunningListener.start(
            ActorTestKit.create(),
            new ListenerSettings("127.0.0.1", 0, true, Optional.empty()),
            new HookToolRoutes(gateway).route());
    url = listener.url();
  }

  @AfterAll
  static void stopListener() throws Exception {
    listener.stop();
  }

  @BeforeEach
  void forget() {
    received.clear();
  }

  private static HttpResponse<byte[]> post(
      String tool, Optional<String> token, String contentType, byte[] body) throws Exception {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(url.resolve("/v1/hook-tools/" + tool))
            .timeout(Duration.ofSeconds(10))
            .header("Content-Type", contentType)
            // A body over the limit asks first, as OperatorClient.post and curl do: the 413 then
            // comes before it is sent (else it races the writing, and the client sees no answer).
            .expectContinue(body.length > ListenerSettings.DEFAULT_MAX_REQUEST_BYTES)
            .POST(HttpRequest.BodyPublishers.ofByteArray(body));
    token.ifPresent(t -> request.header("Authorization", "Bearer " + t));
    return client.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
  }

  /** A call framed as the hook-tool shims send it. */
  private static HttpResponse<byte[]> postFramed(
      String tool, Optional<String> token, List<String> args, String stdin) throws Exception {
    return post(tool, token, HookToolFraming.CONTENT_TYPE, HookToolFraming.encodeCall(args, stdin));
  }

  /** A call as JSON, with the running hook's token. */
  private static HttpResponse<byte[]> postJson(String tool, String body) throws Exception {
    return post(tool, Optional.of(GOOD), "application/json", body.getBytes(StandardCharsets.UTF_8));
  }

  private static JsonNode json(HttpResponse<byte[]> response) throws Exception {
    return JSON.readTree(response.body());
  }

  @Test
  void aFramedCallIsRunAndAnsweredFramed() throws Exception {
    List<String> args = List.of("--file", "-", "ünï cødé", "");
    HttpResponse<byte[]> response = postFramed("state-set", Optional.of(GOOD), args, "a: 1\n");

    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(response.headers().firstValue("Content-Type"))
        .hasValue(HookToolFraming.CONTENT_TYPE);
    assertThat(HookToolFraming.decodeReply(response.body()))
        .isEqualTo(new HookToolFraming.Reply(0, "--file|-|ünï cødé|\n", "a: 1\n"));
    assertThat(received).containsExactly(new Received(GOOD, "state-set", args, "a: 1\n"));
  }

  @Test
  void aFailingToolIsStillA200WithItsExitCode() throws Exception {
    HttpResponse<byte[]> response = postFramed("fail", Optional.of(GOOD), List.of("x"), "");

    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(HookToolFraming.decodeReply(response.body()).exitCode()).isEqualTo(1);
  }

  @Test
  void aJsonCallIsAnsweredInJson() throws Exception {
    HttpResponse<byte[]> response =
        postJson("config-get", "{\"args\": [\"name\", \"--format=json\"]}");

    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(json(response))
        .isEqualTo(
            JSON.readTree("{\"code\":0,\"stdout\":\"name|--format=json\\n\",\"stderr\":\"\"}"));
    assertThat(received)
        .containsExactly(new Received(GOOD, "config-get", List.of("name", "--format=json"), ""));
  }

  @Test
  void aCallWithoutTokenIs401() throws Exception {
    HttpResponse<byte[]> response = postFramed("is-leader", Optional.empty(), List.of(), "");

    assertThat(response.statusCode()).isEqualTo(401);
    assertThat(json(response).get("error").asText()).isEqualTo("unauthorized");
    assertThat(response.headers().firstValue("WWW-Authenticate")).isPresent();
    assertThat(received).isEmpty();
  }

  @Test
  void aTokenOfNoRunningContextIs403() throws Exception {
    HttpResponse<byte[]> response = postFramed("is-leader", Optional.of("stale"), List.of(), "");

    assertThat(response.statusCode()).isEqualTo(403);
    assertThat(json(response))
        .isEqualTo(
            JSON.readTree(
                "{\"error\":\"forbidden\",\"detail\":\"the token is not that of a running hook\"}"));
  }

  @Test
  void malformedBodiesAre400() throws Exception {
    HttpResponse<byte[]> framed =
        post(
            "is-leader",
            Optional.of(GOOD),
            HookToolFraming.CONTENT_TYPE,
            "2\0only-one\0".getBytes(StandardCharsets.UTF_8));
    HttpResponse<byte[]> jsonBody = postJson("is-leader", "{\"stdin\": \"x\"}");

    assertThat(framed.statusCode()).isEqualTo(400);
    assertThat(json(framed).get("detail").asText())
        .isEqualTo("malformed hook-tool call: expected 2 arguments, found 1");
    assertThat(jsonBody.statusCode()).isEqualTo(400);
    assertThat(json(jsonBody).get("detail").asText()).isEqualTo("missing field \"args\"");
    assertThat(received).isEmpty();
  }

  @Test
  void jsonArgumentsThatAreNotStringsAre400NamingTheArgument() throws Exception {
    HttpResponse<byte[]> number = postJson("status-set", "{\"args\": [\"active\", 1]}");
    HttpResponse<byte[]> stdin = postJson("state-set", "{\"args\": [], \"stdin\": true}");

    assertThat(number.statusCode()).isEqualTo(400);
    assertThat(json(number).get("detail").asText())
        .isEqualTo("field \"args[1]\": expected a string, got 1");
    assertThat(stdin.statusCode()).isEqualTo(400);
    assertThat(json(stdin).get("detail").asText())
        .isEqualTo("field \"stdin\": expected a string, got true");
    assertThat(received).isEmpty();
  }

  @Test
  void aBodyOverOneMebibyteIs413() throws Exception {
    byte[] big =
        HookToolFraming.encodeCall(
            List.of("--file", "-"),
            "x".repeat((int) ListenerSettings.DEFAULT_MAX_REQUEST_BYTES + 1));

    HttpResponse<byte[]> response =
        post("state-set", Optional.of(GOOD), HookToolFraming.CONTENT_TYPE, big);

    assertThat(response.statusCode()).isEqualTo(413);
    assertThat(json(response).get("error").asText()).isEqualTo("payload_too_large");
    assertThat(received).isEmpty();
  }

  @Test
  void otherMethodsAre405() throws Exception {
    HttpResponse<byte[]> response =
        client.send(
            HttpRequest.newBuilder(url.resolve("/v1/hook-tools/is-leader"))
                .header("Authorization", "Bearer " + GOOD)
                .GET()
                .build(),
            HttpResponse.BodyHandlers.ofByteArray());

    assertThat(response.statusCode()).isEqualTo(405);
  }

  @Test
  void aFinishedHooksTokenIsRefusedBeforeTheBodyIsRead() throws Exception {
    HttpResponse<byte[]> response =
        post("is-leader", Optional.of("ended"), "application/json", new byte[0]);
    assertThat(response.statusCode()).isEqualTo(403);
    assertThat(JSON.readTree(response.body()).path("error").asText()).isEqualTo("forbidden");
    assertThat(received).isEmpty();
  }
}
