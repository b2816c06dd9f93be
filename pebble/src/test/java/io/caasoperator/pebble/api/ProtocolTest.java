package io.caasoperator.pebble.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.caasoperator.pebble.Pebble;
import io.caasoperator.pebble.PebbleOptions;
import io.caasoperator.pebble.events.PebbleListener;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import org.eclipse.jetty.client.ContentResponse;
import org.eclipse.jetty.client.HttpClient;
import org.eclipse.jetty.client.Request;
import org.eclipse.jetty.client.StringRequestContent;
import org.eclipse.jetty.io.Transport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Status codes, envelopes and error kinds of every endpoint, over the Unix socket, as Pebble
 * answers them.
 */
class ProtocolTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir static Path dir;
  static Pebble pebble;
  static HttpClient http;
  static Path socket;

  @BeforeAll
  static void start() throws Exception {
    Path root = Files.createDirectories(dir.resolve("root"));
    Files.writeString(Files.createDirectories(root.resolve("etc")).resolve("hello.txt"), "hi\n");
    socket = dir.resolve("pebble.socket");
    pebble =
        new Pebble(PebbleOptions.local(socket, root, Clock.systemUTC(), PebbleListener.IGNORE));
    PebbleServer.serve(pebble);
    http = new HttpClient();
    http.start();
  }

  @AfterAll
  static void stop() throws Exception {
    http.stop();
    pebble.close();
  }

  private static Request request(String method, String pathAndQuery) {
    return http.newRequest("http://localhost" + pathAndQuery)
        .method(method)
        .transport(new Transport.TCPUnix(socket));
  }

  private static JsonNode send(Request request, int status) throws Exception {
    ContentResponse response = request.send();
    assertThat(response.getStatus()).as(response.getContentAsString()).isEqualTo(status);
    assertThat(response.getMediaType()).isEqualTo("application/json");
    JsonNode body = JSON.readTree(response.getContentAsString());
    assertThat(body.get("status-code").asInt()).isEqualTo(status);
    return body;
  }

  private static JsonNode get(String path, int status) throws Exception {
    return send(request("GET", path), status);
  }

  private static JsonNode post(String path, String json, int status) throws Exception {
    return send(
        request("POST", path).body(new StringRequestContent("application/json", json)), status);
  }

  /** The error message Pebble answers a GET of {@code path} with, checking its status. */
  private static String errorOfGet(String path, int status) throws Exception {
    return get(path, status).at("/result/message").asText();
  }

  /** The error message Pebble answers a POST of {@code json} with, checking its status. */
  private static String errorOfPost(String path, String json, int status) throws Exception {
    return post(path, json, status).at("/result/message").asText();
  }

  @Test
  void systemInfoIsASyncEnvelope() throws Exception {
    JsonNode body = get("/v1/system-info", 200);
    assertThat(body.get("type").asText()).isEqualTo("sync");
    assertThat(body.get("status").asText()).isEqualTo("OK");
    assertThat(body.at("/result/version").asText()).isNotEmpty();
    assertThat(body.at("/result/boot-id").asText()).isNotEmpty();
  }

  @Test
  void unknownEndpointsAndMethodsAreErrors() throws Exception {
    assertThat(get("/v1/nothing", 404).get("type").asText()).isEqualTo("error");
    assertThat(send(request("DELETE", "/v1/services"), 405).at("/result/message").asText())
        .contains("DELETE");
  }

  @Test
  void layersRefuseBadInputWithReasons() throws Exception {
    assertThat(
            errorOfPost(
                "/v1/layers",
                "{\"action\":\"remove\",\"label\":\"x\",\"format\":\"yaml\",\"layer\":\"\"}",
                400))
        .isEqualTo("invalid action \"remove\"");
    assertThat(
            errorOfPost(
                "/v1/layers",
                "{\"action\":\"add\",\"label\":\"x\",\"format\":\"yaml\",\"layer\":\"services: [\"}",
                400))
        .startsWith("cannot parse layer YAML: cannot parse layer \"x\"");
    assertThat(
            errorOfPost(
                "/v1/layers",
                "{\"action\":\"add\",\"label\":\"x\",\"format\":\"yaml\","
                    + "\"layer\":\"services: {s: {command: sleep 1}}\"}",
                400))
        .isEqualTo("layer \"x\" must define \"override\" for service \"s\"");
    assertThat(errorOfPost("/v1/layers", "not json", 400)).startsWith("cannot decode request body");
    assertThat(errorOfPost("/v1/layers", "{\"action\":\"add\",\"format\":\"yaml\"}", 400))
        .isEqualTo("label must be set");
    assertThat(errorOfGet("/v1/plan?format=json", 400)).isEqualTo("invalid format \"json\"");
  }

  @Test
  void layersAndPlanRoundTrip() throws Exception {
    JsonNode ok =
        post(
            "/v1/layers",
            "{\"action\":\"add\",\"label\":\"rt\",\"combine\":true,\"format\":\"yaml\","
                + "\"layer\":\"services: {rt-svc: {override: replace, command: sleep 60}}\"}",
            200);
    assertThat(ok.get("result").asBoolean()).isTrue();
    assertThat(get("/v1/plan?format=yaml", 200).get("result").asText())
        .contains("rt-svc:", "command: sleep 60");
    assertThat(get("/v1/services?names=rt-svc", 200).at("/result/0/current").asText())
        .isEqualTo("inactive");
  }

  @Test
  void servicesActionsAnswerChangesOrErrors() throws Exception {
    assertThat(errorOfPost("/v1/services", "{\"action\":\"start\",\"services\":[]}", 400))
        .isEqualTo("must specify services for start action");
    assertThat(errorOfPost("/v1/services", "{\"action\":\"fly\",\"services\":[\"x\"]}", 400))
        .isEqualTo("invalid action \"fly\"");
    assertThat(errorOfPost("/v1/services", "{\"action\":\"start\",\"services\":[\"ghost\"]}", 400))
        .isEqualTo("cannot start services: service \"ghost\" does not exist");
    assertThat(errorOfPost("/v1/services", "{\"action\":\"replan\",\"services\":[\"x\"]}", 400))
        .isEqualTo("replan accepts no service names");
    JsonNode async = post("/v1/services", "{\"action\":\"replan\"}", 202);
    assertThat(async.get("type").asText()).isEqualTo("async");
    assertThat(async.get("status").asText()).isEqualTo("Accepted");
    String change = async.get("change").asText();
    JsonNode waited = get("/v1/changes/" + change + "/wait?timeout=10s", 200);
    assertThat(waited.at("/result/ready").asBoolean()).isTrue();
    assertThat(get("/v1/changes/" + change, 200).at("/result/id").asText()).isEqualTo(change);
  }

  @Test
  void unknownChangesAndBadTimeoutsAreRefused() throws Exception {
    assertThat(errorOfGet("/v1/changes/999999", 404))
        .isEqualTo("cannot find change with id \"999999\"");
    assertThat(get("/v1/changes/999999/wait", 404).get("type").asText()).isEqualTo("error");
    String change = post("/v1/services", "{\"action\":\"replan\"}", 202).get("change").asText();
    assertThat(errorOfGet("/v1/changes/" + change + "/wait?timeout=soon", 400))
        .startsWith("invalid timeout");
    assertThat(errorOfGet("/v1/changes?select=some", 400))
        .isEqualTo("select should be one of: all,in-progress,ready");
  }

  @Test
  void filesAnswerNotFoundAndBadPaths() throws Exception {
    JsonNode missing = get("/v1/files?action=list&path=/nope&itself=true", 404);
    assertThat(missing.at("/result/kind").asText()).isEqualTo("not-found");
    assertThat(missing.at("/result/message").asText())
        .isEqualTo("stat /nope: no such file or directory");
    assertThat(errorOfGet("/v1/files?action=list&path=relative", 400))
        .isEqualTo("path must be absolute, got \"relative\"");
    assertThat(get("/v1/files?action=list&path=/etc&itself=maybe", 400).get("type").asText())
        .isEqualTo("error");
    assertThat(errorOfGet("/v1/files?action=sniff", 400)).isEqualTo("invalid action \"sniff\"");
    assertThat(errorOfGet("/v1/files?action=read&path=/etc/hello.txt", 400))
        .isEqualTo("must accept multipart/form-data");
    assertThat(get("/v1/files?action=list&path=/etc", 200).at("/result/0/name").asText())
        .isEqualTo("hello.txt");
    assertThat(get("/v1/files?action=list&path=/../../etc", 200).at("/result/0/path").asText())
        .isEqualTo("/../../etc/hello.txt");
    JsonNode removed =
        post(
            "/v1/files",
            "{\"action\":\"remove\",\"paths\":[{\"path\":\"/none\"},{\"path\":\"x\"}]}",
            200);
    assertThat(removed.at("/result/0/error/kind").asText()).isEqualTo("not-found");
    assertThat(removed.at("/result/1/error/message").asText())
        .isEqualTo("paths must be absolute, got \"x\"");
    assertThat(errorOfPost("/v1/files", "{\"action\":\"write\"}", 400))
        .isEqualTo("must use multipart with \"write\" action");
  }

  @Test
  void readAnswersMultipartWithTheResponsePart() throws Exception {
    ContentResponse r =
        request("GET", "/v1/files?action=read&path=/etc/hello.txt&path=/etc/missing")
            .headers(h -> h.put("Accept", "multipart/form-data"))
            .send();
    assertThat(r.getStatus()).isEqualTo(200);
    assertThat(r.getMediaType()).isEqualTo("multipart/form-data");
    String body = r.getContentAsString();
    assertThat(body)
        .contains(
            "name=\"files\"; filename=\"/etc/hello.txt\"",
            "hi\n",
            "name=\"response\"",
            "\"kind\":\"not-found\"");
  }

  @Test
  void execChecksNoticesAndSignalsValidateTheirInput() throws Exception {
    assertThat(errorOfPost("/v1/exec", "{\"command\":[]}", 400)).isEqualTo("must specify command");
    assertThat(errorOfPost("/v1/exec", "{\"command\":[\"true\"],\"timeout\":\"x\"}", 400))
        .startsWith("invalid timeout");
    JsonNode exec = post("/v1/exec", "{\"command\":[\"true\"],\"split-stderr\":true}", 202);
    assertThat(exec.at("/result/task-id").asText()).isNotEmpty();
    assertThat(exec.at("/result/working-dir").asText()).startsWith("/");
    assertThat(errorOfGet("/v1/checks?level=sometimes", 400))
        .isEqualTo("level must be \"alive\" or \"ready\"");
    assertThat(get("/v1/checks", 200).get("result").isArray()).isTrue();
    assertThat(
            errorOfPost(
                "/v1/notices", "{\"action\":\"add\",\"type\":\"custom\",\"key\":\"nope\"}", 400))
        .contains("must be in \"example.com/path\" format");
    assertThat(
            errorOfPost(
                "/v1/notices", "{\"action\":\"add\",\"type\":\"warning\",\"key\":\"a.b/c\"}", 400))
        .contains("can only add \"custom\" notices");
    String id =
        post(
                "/v1/notices",
                "{\"action\":\"add\",\"type\":\"custom\",\"key\":\"a.com/c\",\"data\":{\"k\":\"v\"}}",
                200)
            .at("/result/id")
            .asText();
    assertThat(get("/v1/notices/" + id, 200).at("/result/last-data/k").asText()).isEqualTo("v");
    assertThat(get("/v1/notices/424242", 404).get("type").asText()).isEqualTo("error");
    assertThat(get("/v1/notices?keys=a.com/c", 200).get("result").size()).isEqualTo(1);
    assertThat(errorOfPost("/v1/signals", "{\"signal\":\"SIGHUP\",\"services\":[]}", 400))
        .isEqualTo("must specify one or more services");
    assertThat(errorOfPost("/v1/signals", "{\"signal\":\"SIGHUP\",\"services\":[\"ghost\"]}", 500))
        .isEqualTo("cannot send signal to \"ghost\": service is not running");
    assertThat(errorOfGet("/v1/tasks/999999/websocket/control", 404))
        .isEqualTo("cannot find task \"999999\"");
    assertThat(errorOfGet("/v1/logs?n=-5", 400))
        .isEqualTo("n must be -1, 0, or a positive integer");
  }
}
