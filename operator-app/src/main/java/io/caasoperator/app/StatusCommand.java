package io.caasoperator.app;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.caasoperator.http.client.OperatorClient;
import java.net.http.HttpResponse;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code caas-operator status}: the status table of a running operator. */
@Command(name = "status", mixinStandardHelpOptions = true, description = "Show the application's and its units' status.")
final class StatusCommand implements Callable<Integer> {

  @Mixin OperatorConnection connection;

  @Option(names = "--format", defaultValue = "text", description = "text or json (default: ${DEFAULT-VALUE}).")
  String format;

  @Override
  public Integer call() throws Exception {
    if (!format.equals("text") && !format.equals("json")) {
      return Cli.fail("status", "--format must be text or json, got \"" + format + "\"", 2);
    }
    return Cli.call("status", connection, client -> {
      HttpResponse<String> response = client.get("/v1/status");
      if (response.statusCode() != 200) return Cli.fail("status", Cli.errorOf(response), 1);
      System.out.print(format.equals("json")
          ? response.body() + "\n"
          : StatusTable.render(new ObjectMapper().readTree(response.body())));
      return 0;
    });
  }
}
