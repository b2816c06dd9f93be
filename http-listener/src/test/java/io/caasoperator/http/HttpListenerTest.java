package io.caasoperator.http;

import static io.caasoperator.http.auth.BearerAuthentication.requireBearer;
import static org.apache.pekko.http.javadsl.server.Directives.complete;
import static org.apache.pekko.http.javadsl.server.Directives.concat;
import static org.apache.pekko.http.javadsl.server.Directives.extractRequest;
import static org.apache.pekko.http.javadsl.server.Directives.get;
import static org.apache.pekko.http.javadsl.server.Directives.onSuccess;
import static org.apache.pekko.http.javadsl.server.Directives.parameter;
import static org.apache.pekko.http.javadsl.server.Directives.path;
import static org.apache.pekko.http.javadsl.server.Directives.pathPrefix;
import static org.apache.pekko.http.javadsl.server.Directives.post;
import static org.apache.pekko.http.javadsl.server.Directives.withRequestTimeout;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.caasoperator.http.auth.AdminToken;
import io.caasoperator.http.client.OperatorClient;
import io.caasoperator.http.tls.ListenerTls;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;
import javax.net.ssl.SSLException;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.http.javadsl.ServerBinding;
import org.apache.pekko.http.javadsl.model.ContentTypes;
import org.apache.pekko.http.javadsl.model.HttpEntities;
import org.apache.pekko.http.javadsl.server.Route;
import org.apache.pekko.stream.javadsl.Source;
import org.apache.pekko.util.ByteString;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The listener as a client sees it: a real HTTPS server on 127.0.0.1 with the generated
 * certificate, called through {@link OperatorClient} trusting that certificate as its CA file.
 */
class HttpListenerTest {

  record ExecRequest(List<String> commands, Optional<Integer> timeout) {}

  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir static Path dataDir;

  static ActorTestKit testKit;
  static ListenerTls tls;
  static AdminToken token;
  static RunningListener listener;
  static URI url;

  @BeforeAll
  static void startListener() throws Exception {
    testKit = ActorTestKit.create();
    tls = ListenerTls.inDirectory(dataDir.resolve("tls"), "127.0.0.1");
    token = AdminToken.loadOrCreate(dataDir);
    listener =
        RunningListener.start(
            testKit, new ListenerSettings("127.0.0.1", 0, false, Optional.of(tls)), routes(token));
    url = listener.url();
  }

  @AfterAll
  static void stopListener() throws Exception {
    listener.stop();
  }

  /** A stand-in for the domain routes: public probes, then admin routes behind the token. */
  private static Route routes(AdminToken token) {
    JsonBody jsonBody = JsonBody.standard();
    return concat(
        path("healthz", () -> get(() -> complete("ok"))),
        pathPrefix(
            "v1",
            () ->
                requireBearer(
                    token,
                    () ->
                        concat(
                            path("status", () -> get(() -> complete("{\"units\":[]}"))),
                            path(
                                "exec",
                                () ->
                                    post(
                                        () ->
                                            jsonBody.entityAs(
                                                ExecRequest.class,
                                                exec ->
                                                    complete(
                                                        "ran "
                                                            + exec.commands().size()
                                                            + " commands")))),
                            path(
                                "boom",
                                () ->
                                    get(
                                        () ->
                                            extractRequest(
                                                request -> {
                                                  throw new IllegalStateException(
                                                      "secret internal detail");
                                                }))),
                            path(
                                "busy",
                                () ->
                                    post(
                                        () ->
                                            onSuccess(
                                                CompletableFuture.<String>failedFuture(
                                                    new ApiException(
                                                        ApiError.conflict("a hook is running"))),
                                                done -> complete(done)))),
                            path(
                                "slow",
                                () ->
                                    get(
                                        () ->
                                            onSuccess(
                                                CompletableFuture.<String>failedFuture(
                                                    new TimeoutException("ask timed out")),
                                                done -> complete(done)))),
                            path(
                                "stuck",
                                () ->
                                    get(
                                        () ->
                                            withRequestTimeout(
                                                Duration.ofMillis(100),
                                                () ->
                                                    onSuccess(
                                                        new CompletableFuture<String>(),
                                                        done -> complete(done))))),
                            path("units", () -> get(() -> parameter("app", app -> complete(app)))),
                            path(
                                "journal",
                                () ->
                                    get(
                                        () ->
                                            complete(
                                                HttpEntities.createChunked(
                                                    ContentTypes.APPLICATION_JSON,
                                                    Source.from(
                                                            List.of(
                                                                "{\"seq\":1}\n",
                                                                "{\"seq\":2}\n",
                                                                "{\"seq\":3}\n"))
                                                        .map(ByteString::fromString)))))))));
  }

  private static OperatorClient trustingClient(Optional<String> bearer) {
    return new OperatorClient(url, Optional.of(tls.certificateFile()), bearer);
  }

  private static OperatorClient adminClient() {
    return trustingClient(Optional.of(token.value()));
  }

  /** The answer to an admin's GET of {@code path}. */
  private static HttpResponse<String> adminGet(String path) throws Exception {
    try (OperatorClient client = adminClient()) {
      return client.get(path);
    }
  }

  /** The answer to an admin's POST of {@code body} to {@code path}. */
  private static HttpResponse<String> adminPost(String path, String body) throws Exception {
    try (OperatorClient client = adminClient()) {
      return client.post(path, body);
    }
  }

  @Test
  void httpsRequestTrustingTheGeneratedCertificateSucceeds() throws Exception {
    try (OperatorClient client = adminClient()) {
      HttpResponse<String> health = client.get("/healthz");
      HttpResponse<String> status = client.get("/v1/status");

      assertThat(url.getScheme()).isEqualTo("https");
      assertThat(health.statusCode()).isEqualTo(200);
      assertThat(health.body()).isEqualTo("ok");
      assertThat(status.statusCode()).isEqualTo(200);
    }
  }

  @Test
  void clientNotTrustingTheCertificateIsRefusedTheConnection() {
    ListenerTls stranger = ListenerTls.inDirectory(dataDir.resolve("other-tls"), "127.0.0.1");
    try (OperatorClient client =
        new OperatorClient(url, Optional.of(stranger.certificateFile()), Optional.empty())) {
      assertThatThrownBy(() -> client.get("/healthz")).isInstanceOf(SSLException.class);
    }
  }

  @Test
  void clientWithTheJvmDefaultTrustIsRefusedTheConnection() {
    try (OperatorClient client = new OperatorClient(url, Optional.empty(), Optional.empty())) {
      assertThatThrownBy(() -> client.get("/healthz")).isInstanceOf(SSLException.class);
    }
  }

  @Test
  void missingTokenGets401WithABearerChallenge() throws Exception {
    try (OperatorClient client = trustingClient(Optional.empty())) {
      HttpResponse<String> response = client.get("/v1/status");

      assertError(response, 401, "unauthorized");
      assertThat(detail(response)).contains("Authorization: Bearer");
      assertThat(response.headers().firstValue("WWW-Authenticate"))
          .hasValueSatisfying(challenge -> assertThat(challenge).startsWith("Bearer"));
    }
  }

  @Test
  void wrongOrMalformedTokenGets401() throws Exception {
    try (OperatorClient wrong = trustingClient(Optional.of("not-the-token"));
        OperatorClient malformed = trustingClient(Optional.of(token.value() + " extra"))) {
      assertError(wrong.get("/v1/status"), 401, "unauthorized");
      assertError(malformed.get("/v1/status"), 401, "unauthorized");
    }
  }

  @Test
  void validBodyReachesTheRoute() throws Exception {
    HttpResponse<String> response =
        adminPost("/v1/exec", "{\"commands\": [\"ls\", \"pwd\"], \"timeout\": 5}");

    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(response.body()).isEqualTo("ran 2 commands");
  }

  @Test
  void bodyOverTheLimitGets413() throws Exception {
    String twoMiB = "{\"commands\": [\"" + "x".repeat(2 * 1024 * 1024) + "\"]}";
    HttpResponse<String> response = adminPost("/v1/exec", twoMiB);

    assertError(response, 413, "payload_too_large");
    assertThat(detail(response)).contains("1048576 bytes");
  }

  /**
   * A failed request as a client sees it: its status, the stable error code, and a detail that
   * matches the pattern (a JSON body always, whichever layer refused it). An empty body is a GET.
   */
  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '`',
      textBlock =
          """
          malformed JSON gets 400 naming the problem    | /v1/exec  | {"commands": [ | 400 | bad_request | malformed JSON at line 1.*
          a missing field gets 400 naming the field     | /v1/exec  | {"timeout": 5} | 400 | bad_request | missing field "commands"
          an unknown path under /v1 gets 404 JSON       | /v1/nope  |                | 404 | not_found   | .+
          an unknown path anywhere gets 404 JSON        | /nope     |                | 404 | not_found   | .+
          an ApiException from a future gets its status | /v1/busy  | {}             | 409 | conflict    | a hook is running
          an ask that timed out gets 408                | /v1/slow  |                | 408 | timeout     | .+
          the server's request timeout gets 408 JSON    | /v1/stuck |                | 408 | timeout     | .*GET /v1/stuck.*
          other rejections keep Pekko's status          | /v1/units |                | 404 | not_found   | .*'app'.*
          """)
  void aFailedRequestGetsItsStatusAndAJsonBody(
      String why, String path, String body, int status, String code, String detail)
      throws Exception {
    HttpResponse<String> response = body == null ? adminGet(path) : adminPost(path, body);

    assertError(response, status, code);
    assertThat(detail(response)).matches(detail);
  }

  @Test
  void wrongMethodGets405ListingTheAllowedOnes() throws Exception {
    HttpResponse<String> response = adminPost("/healthz", "{}");

    assertError(response, 405, "method_not_allowed");
    assertThat(response.headers().firstValue("Allow")).contains("GET");
  }

  @Test
  void unexpectedExceptionGets500WithoutAStackTrace() throws Exception {
    HttpResponse<String> response = adminGet("/v1/boom");

    assertError(response, 500, "internal_error");
    assertThat(response.body())
        .doesNotContain("secret internal detail")
        .doesNotContain("IllegalStateException")
        .doesNotContain("\tat ")
        .contains("see the operator log");
  }

  @Test
  void ndjsonIsReadLineByLine() throws Exception {
    try (OperatorClient client = adminClient()) {
      HttpResponse<Stream<String>> response = client.getLines("/v1/journal");

      assertThat(response.statusCode()).isEqualTo(200);
      try (Stream<String> lines = response.body()) {
        assertThat(lines).containsExactly("{\"seq\":1}", "{\"seq\":2}", "{\"seq\":3}");
      }
    }
  }

  @Test
  void aPathOverTheLimitGets414Json() throws Exception {
    RawHttps.Answer answer =
        raw("GET /" + "a".repeat(100 * 1024) + " HTTP/1.1\r\nHost: localhost\r\n\r\n");

    assertRawError(answer, 414, "uri_too_long");
    assertThat(rawDetail(answer)).contains("limit");
  }

  @Test
  void aHeaderOverTheLimitGets431Json() throws Exception {
    RawHttps.Answer answer =
        raw(
            "GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Big: "
                + "b".repeat(100 * 1024)
                + "\r\n\r\n");

    assertRawError(answer, 431, "request_header_fields_too_large");
    assertThat(rawDetail(answer)).contains("limit");
  }

  @Test
  void tooManyHeadersGet400Json() throws Exception {
    StringBuilder headers = new StringBuilder();
    for (int i = 0; i < 100; i++) {
      headers.append("X-H").append(i).append(": v\r\n");
    }
    RawHttps.Answer answer = raw("GET /healthz HTTP/1.1\r\nHost: localhost\r\n" + headers + "\r\n");

    assertRawError(answer, 400, "bad_request");
    assertThat(rawDetail(answer)).contains("limit of 64 headers");
  }

  @Test
  void aMalformedRequestLineGets400Json() throws Exception {
    assertRawError(raw("GET /%zz HTTP/1.1\r\nHost: localhost\r\n\r\n"), 400, "bad_request");
    assertRawError(
        raw("GET /healthz HTTP/1.1\r\nHost: localhost\r\nContent-Length: many\r\n\r\n"),
        400,
        "bad_request");
  }

  @Test
  void anUnknownMethodGets501Json() throws Exception {
    assertRawError(
        raw("FROB /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n"), 501, "not_implemented");
    assertRawError(raw("this is not http\r\n\r\n"), 501, "not_implemented");
  }

  @Test
  void anUnsupportedHttpVersionGets505Json() throws Exception {
    assertRawError(
        raw("GET /healthz HTTP/3.0\r\nHost: localhost\r\n\r\n"), 505, "http_version_not_supported");
  }

  @Test
  void aDeclaredBodyOverTheLimitGets413JsonWithoutBeingSent() throws Exception {
    RawHttps.Answer answer =
        raw(
            "POST /v1/exec HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer "
                + token.value()
                + "\r\nContent-Type: application/json\r\nContent-Length: 104857600\r\n"
                + "Connection: close\r\n\r\n{");

    assertRawError(answer, 413, "payload_too_large");
  }

  /**
   * Checked on the settings, not over a connection: at the hard deadline Pekko aborts the
   * connections, and the response written just before mostly loses the race with the reset
   * (measured: 18 of 25 tries over TLS, 25 of 25 over plain HTTP saw only the reset). What the
   * client gets when it does arrive is this.
   */
  @Test
  void aRequestCutOffByShutdownWouldGet503Json() throws Exception {
    org.apache.pekko.http.javadsl.model.HttpResponse response =
        HttpListener.serverSettings(testKit.system()).getTerminationDeadlineExceededResponse();

    assertThat(response.status().intValue()).isEqualTo(503);
    assertThat(response.entity().getContentType()).isEqualTo(ContentTypes.APPLICATION_JSON);
    String body =
        ((org.apache.pekko.http.javadsl.model.HttpEntity.Strict) response.entity())
            .getData()
            .utf8String();
    assertThat(JSON.readTree(body).path("error").asText()).isEqualTo("shutting_down");
  }

  @Test
  void aClientVerifyingTheServiceNameAcceptsACertificateGeneratedForIt(@TempDir Path podData)
      throws Exception {
    String service = "caas-operator-mariadb.demo.svc";
    ListenerTls loopbackOnly = ListenerTls.inDirectory(podData.resolve("tls"), "0.0.0.0");
    ListenerSettings settings =
        new ListenerSettings("0.0.0.0", 0, false, Optional.of(loopbackOnly));
    ServerBinding old = RunningListener.bind(testKit, settings, routes(token));
    java.net.InetSocketAddress address =
        new java.net.InetSocketAddress("127.0.0.1", old.localAddress().getPort());
    try {
      // What curl --cacert listener.crt https://<service>:30666 in a unit pod did before.
      assertThatThrownBy(
              () -> RawHttps.connect(address, loopbackOnly.certificateFile(), service).close())
          .isInstanceOf(SSLException.class);
    } finally {
      old.unbind().toCompletableFuture().get();
    }

    ListenerTls forTheService =
        ListenerTls.inDirectory(
            podData.resolve("tls"),
            io.caasoperator.http.tls.CertificateNames.forListener("0.0.0.0", List.of(service)));
    ServerBinding renewed =
        RunningListener.bind(
            testKit,
            new ListenerSettings("0.0.0.0", 0, false, Optional.of(forTheService)),
            routes(token));
    try (javax.net.ssl.SSLSocket socket =
        RawHttps.connect(
            new java.net.InetSocketAddress("127.0.0.1", renewed.localAddress().getPort()),
            forTheService.certificateFile(),
            service)) {
      assertThat(socket.getSession().getPeerPrincipal().getName()).isEqualTo("CN=caas-operator");
    } finally {
      renewed.unbind().toCompletableFuture().get();
    }
  }

  @Test
  void insecureHttpServesPlainHttpOnLoopback() throws Exception {
    ListenerSettings settings = new ListenerSettings("127.0.0.1", 0, true, Optional.empty());
    ServerBinding plain = RunningListener.bind(testKit, settings, routes(token));
    try (OperatorClient client =
        new OperatorClient(
            settings.localUrl(plain.localAddress()), Optional.empty(), Optional.empty())) {
      HttpResponse<String> response = client.get("/healthz");

      assertThat(client.baseUrl().getScheme()).isEqualTo("http");
      assertThat(response.body()).isEqualTo("ok");
    } finally {
      plain.unbind().toCompletableFuture().get();
    }
  }

  private static RawHttps.Answer raw(String request) throws Exception {
    return RawHttps.send(
        new java.net.InetSocketAddress("127.0.0.1", url.getPort()), tls.certificateFile(), request);
  }

  private static void assertRawError(RawHttps.Answer answer, int status, String code)
      throws IOException {
    assertThat(answer.status()).as(answer.body()).isEqualTo(status);
    assertThat(answer.headers().get("content-type")).isEqualTo("application/json");
    JsonNode body = JSON.readTree(answer.body());
    assertThat(body.path("error").asText()).as(answer.body()).isEqualTo(code);
    assertThat(body.path("detail").asText()).isNotBlank();
  }

  private static String rawDetail(RawHttps.Answer answer) throws IOException {
    return JSON.readTree(answer.body()).path("detail").asText();
  }

  private static void assertError(HttpResponse<String> response, int status, String code)
      throws IOException {
    assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
    assertThat(response.headers().firstValue("Content-Type")).contains("application/json");
    JsonNode body = JSON.readTree(response.body());
    assertThat(body.path("error").asText()).isEqualTo(code);
    assertThat(body.path("detail").asText()).isNotBlank();
  }

  private static String detail(HttpResponse<String> response) throws IOException {
    return JSON.readTree(response.body()).path("detail").asText();
  }
}
