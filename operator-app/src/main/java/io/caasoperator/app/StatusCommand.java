package io.caasoperator.app;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.http.HttpResponse;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code caas-operator status}: the status table of a running operator. */
@Command(
    name = "status",
    description =
        "Show the application's and its units' status; of a model (run --bundle), every application's and the relations between them.")
final class StatusCommand implements Callable<Integer> {

  @Mixin OperatorConnection connection;

  @Option(
      names = "--format",
      defaultValue = "text",
      paramLabel = "FORMAT",
      description =
          "${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}); json is GET /v1/status as it is.")
  OutputFormat format;

  @Override
  public Integer call() throws Exception {
    return Cli.get(
        "status",
        connection,
        "/v1/status",
        (client, status) -> {
          System.out.print(
              format != OutputFormat.text
                  ? format.write(status)
                  : ModelStatusTable.isModel(status)
                      ? ModelStatusTable.render(status)
                      : StatusTable.render(status) + containers(client, status));
          return ExitCodes.OK;
        });
  }

  /**
   * Units shown with their containers' services and checks; beyond it, {@code GET .../containers}
   * per unit.
   */
  static final int CONTAINER_UNITS = 50;

  /**
   * The units' containers (local substrate); empty where the operator has none to show
   * (Kubernetes).
   */
  private static String containers(
      io.caasoperator.http.client.OperatorClient client, JsonNode status) throws Exception {
    java.util.List<JsonNode> units = new java.util.ArrayList<>();
    for (JsonNode unit : status.path("units")) {
      if (units.size() == CONTAINER_UNITS) break;
      HttpResponse<String> response =
          client.get("/v1/units/" + unit.path("unit").asText() + "/containers");
      if (response.statusCode() != 200) return "";
      units.add(new ObjectMapper().readTree(response.body()));
    }
    return ContainerTable.render(units);
  }
}
