package io.caasoperator.app;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.http.HttpResponse;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code caas-operator status}: the status table of a running operator. */
@Command(name = "status", mixinStandardHelpOptions = true, description = "Show the application's and its units' status.")
final class StatusCommand implements Callable<Integer> {

  @Mixin OperatorConnection connection;

  @Option(names = "--format", defaultValue = "text", paramLabel = "FORMAT",
      description = "${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}); json is GET /v1/status as it is.")
  OutputFormat format;

  @Override
  public Integer call() throws Exception {
    return Cli.call("status", connection, ExitCodes.Own.STANDARD, client -> {
      HttpResponse<String> response = client.get("/v1/status");
      if (response.statusCode() != 200) return Cli.fail("status", Cli.errorOf(response), ExitCodes.FAILED);
      JsonNode status = new ObjectMapper().readTree(response.body());
      System.out.print(format == OutputFormat.text ? StatusTable.render(status) : format.write(status));
      return ExitCodes.OK;
    });
  }
}
