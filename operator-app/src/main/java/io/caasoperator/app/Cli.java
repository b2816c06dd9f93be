package io.caasoperator.app;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.caasoperator.domain.UnitId;
import io.caasoperator.http.client.OperatorClient;
import io.caasoperator.http.setup.DataDirException;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.util.Optional;

/** What every client command shares: finding the operator, and saying clearly what went wrong. */
final class Cli {
  private Cli() {}

  interface ClientWork {
    int run(OperatorClient client) throws Exception;
  }

  /**
   * Runs {@code work} against the operator; failures to find or reach it exit with {@code own}'s
   * codes.
   */
  static int call(String command, OperatorConnection connection, ExitCodes.Own own, ClientWork work)
      throws Exception {
    OperatorConnection.Target target;
    OperatorClient client;
    try {
      target = connection.target();
      client = target.client();
    } catch (IllegalArgumentException | DataDirException e) {
      return fail(command, e.getMessage(), own.usage());
    } catch (OperatorUnreachable e) {
      return fail(command, e.getMessage(), e.exitCode(own));
    }
    try (client) {
      return work.run(client);
    } catch (JsonProcessingException e) {
      return fail(
          command,
          "the operator's answer is not the JSON expected: " + e.getOriginalMessage(),
          own.failed());
    } catch (IOException e) {
      OperatorUnreachable why =
          OperatorUnreachable.of(e, target.url(), target.dataDir(), target.caFile().isPresent());
      return fail(command, why.getMessage(), why.exitCode(own));
    }
  }

  interface AnswerWork {
    int run(OperatorClient client, JsonNode answer) throws Exception;
  }

  /**
   * GETs {@code path} from the operator and hands its JSON answer to {@code work}; an answer other
   * than 200 fails the command with the operator's error, as every reading command does.
   */
  static int get(String command, OperatorConnection connection, String path, AnswerWork work)
      throws Exception {
    return call(
        command,
        connection,
        ExitCodes.Own.STANDARD,
        client -> {
          HttpResponse<String> response = client.get(path);
          if (response.statusCode() != 200)
            return fail(command, errorOf(response), ExitCodes.FAILED);
          return work.run(client, new ObjectMapper().readTree(response.body()));
        });
  }

  /** {@code text} as a unit ({@code hello/0}), or empty once {@code command} said why it is not. */
  static Optional<UnitId> unit(String command, String text) {
    try {
      return Optional.of(UnitId.parse(text));
    } catch (IllegalArgumentException e) {
      System.err.println("caas-operator " + command + ": " + e.getMessage());
      return Optional.empty();
    }
  }

  /**
   * The path of the unit's {@code route} in the operator's API ({@code /v1/units/hello/0/exec}).
   */
  static String unitPath(UnitId unit, String route) {
    return "/v1/units/" + unit.application() + "/" + unit.ordinal() + "/" + route;
  }

  static int fail(String command, String message, int code) {
    System.err.println("caas-operator " + command + ": " + message);
    return code;
  }

  /** The operator's JSON error as one line ("404 not_found: unknown unit hello/7"). */
  static String errorOf(HttpResponse<String> response) {
    try {
      JsonNode error = new ObjectMapper().readTree(response.body());
      return response.statusCode()
          + " "
          + error.path("error").asText()
          + ": "
          + error.path("detail").asText();
    } catch (IOException | RuntimeException e) {
      return response.statusCode() + " " + response.body();
    }
  }
}
