package io.caasoperator.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.caasoperator.http.client.OperatorClient;
import io.caasoperator.http.client.OperatorEndpoint;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpResponse;
import java.nio.file.Path;

/**
 * The tests' door to the operator's HTTP listener: it finds the listener from the data directory
 * the way the CLI does ({@link OperatorEndpoint#discover}: the listener URL, the generated TLS
 * certificate and the admin token), so every call goes over real HTTPS with the admin token.
 */
final class OperatorApi {

  static final ObjectMapper JSON = new ObjectMapper();

  private final Path dataDir;

  OperatorApi(Path dataDir) {
    this.dataDir = dataDir;
  }

  /** A reply: the HTTP status code and the JSON body. */
  record Reply(int code, JsonNode body) {}

  /** The endpoint as the CLI discovers it from the data directory. */
  OperatorEndpoint endpoint() {
    return OperatorEndpoint.discover(dataDir);
  }

  /** {@code GET /v1/status}; fails unless it answers 200. */
  Status status() throws IOException, InterruptedException {
    return new Status(JSON.readTree(ok("/v1/status")));
  }

  /**
   * {@code POST /v1/units/{app}/{n}/exec} with {@code commands} and {@code timeout} (such as {@code
   * 30s}); returns the status code and body whatever they are.
   */
  Reply exec(String unit, String commands, String timeout) {
    ObjectNode body = JSON.createObjectNode().put("commands", commands).put("timeout", timeout);
    return post("/v1/units/" + unit + "/exec", body.toString());
  }

  /** {@code GET /metrics} (Prometheus text); fails unless it answers 200. */
  String metrics() throws IOException, InterruptedException {
    return ok("/metrics");
  }

  /** The body of {@code GET path}; fails unless it answers 200. */
  private String ok(String path) throws IOException, InterruptedException {
    try (OperatorClient client = OperatorClient.of(endpoint())) {
      HttpResponse<String> response = client.get(path);
      if (response.statusCode() != 200) {
        throw new IOException(
            "GET " + path + " answered " + response.statusCode() + ": " + response.body());
      }
      return response.body();
    }
  }

  /** GET {@code path} with the admin token; the status code and JSON body whatever they are. */
  Reply get(String path) {
    return reply("GET " + path, client -> client.get(path));
  }

  /** POST {@code jsonBody} to {@code path} with the admin token. */
  Reply post(String path, String jsonBody) {
    return reply("POST " + path, client -> client.post(path, jsonBody));
  }

  private interface Request {
    HttpResponse<String> send(OperatorClient client) throws IOException, InterruptedException;
  }

  /** The status code and JSON body of {@code request} ({@code what}, for errors). */
  private Reply reply(String what, Request request) {
    try (OperatorClient client = OperatorClient.of(endpoint())) {
      HttpResponse<String> response = request.send(client);
      return new Reply(response.statusCode(), JSON.readTree(response.body()));
    } catch (IOException e) {
      throw new UncheckedIOException(what + " failed", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted during " + what, e);
    }
  }
}
