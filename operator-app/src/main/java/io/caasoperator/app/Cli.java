package io.caasoperator.app;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.caasoperator.http.DataDirException;
import io.caasoperator.http.client.OperatorClient;
import java.io.IOException;
import java.net.http.HttpResponse;

/** What every client command shares: finding the operator, and saying clearly what went wrong. */
final class Cli {
  private Cli() {}

  interface ClientWork {
    int run(OperatorClient client) throws Exception;
  }

  static int call(String command, OperatorConnection connection, ClientWork work) throws Exception {
    OperatorClient client;
    try {
      client = connection.client();
    } catch (IllegalArgumentException | DataDirException e) {
      return fail(command, e.getMessage(), 2);
    }
    try (client) {
      return work.run(client);
    } catch (IOException e) {
      return fail(command, "cannot reach the operator at " + client.baseUrl() + ": " + e.getMessage(), 1);
    }
  }

  static int fail(String command, String message, int code) {
    System.err.println("caas-operator " + command + ": " + message);
    return code;
  }

  /** The operator's JSON error as one line ("404 not_found: unknown unit hello/7"). */
  static String errorOf(HttpResponse<String> response) {
    try {
      JsonNode error = new ObjectMapper().readTree(response.body());
      return response.statusCode() + " " + error.path("error").asText() + ": " + error.path("detail").asText();
    } catch (IOException | RuntimeException e) {
      return response.statusCode() + " " + response.body();
    }
  }
}
