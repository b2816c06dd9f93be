package io.caasoperator.app;

import io.caasoperator.domain.UnitId;
import java.net.http.HttpResponse;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code caas-operator resolve <unit> [--no-retry]}: unblock a unit whose hook failed. */
@Command(
    name = "resolve",
    mixinStandardHelpOptions = true,
    description =
        "Retry a unit's failed hook now, or with --no-retry count it as done and move on.")
final class ResolveCommand implements Callable<Integer> {

  @Mixin OperatorConnection connection;

  @Parameters(
      index = "0",
      paramLabel = "UNIT",
      description =
          "e.g. hello/0; without --data-dir, --app or --url, its application's default data directory is used")
  String unit;

  @Option(names = "--no-retry", description = "Do not run the failed hook again; mark it done.")
  boolean noRetry;

  @Override
  public Integer call() throws Exception {
    Optional<UnitId> named = Cli.unit("resolve", unit);
    if (named.isEmpty()) return ExitCodes.USAGE;
    UnitId id = named.get();
    return Cli.call(
        "resolve",
        connection.defaultingTo(id.application()),
        ExitCodes.Own.STANDARD,
        client -> {
          HttpResponse<String> response =
              client.post(Cli.unitPath(id, "resolve"), "{\"retry\": " + !noRetry + "}");
          if (response.statusCode() != 200)
            return Cli.fail("resolve", Cli.errorOf(response), ExitCodes.FAILED);
          System.out.println(
              new com.fasterxml.jackson.databind.ObjectMapper()
                  .readTree(response.body())
                  .path("detail")
                  .asText());
          return ExitCodes.OK;
        });
  }
}
