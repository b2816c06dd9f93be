package io.caasoperator.app;

import io.caasoperator.domain.UnitId;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code caas-operator resolve <unit> [--no-retry]}: unblock a unit whose hook failed. */
@Command(
    name = "resolve",
    description =
        "Retry a unit's failed hook now, or with --no-retry count it as done and move on.")
final class ResolveCommand implements Callable<Integer> {

  @Mixin UnitArgument target;

  @Option(names = "--no-retry", description = "Do not run the failed hook again; mark it done.")
  boolean noRetry;

  @Override
  public Integer call() throws Exception {
    Optional<UnitId> named = target.unit("resolve");
    if (named.isEmpty()) return ExitCodes.USAGE;
    UnitId id = named.get();
    return target.post(
        "resolve",
        id,
        ExitCodes.Own.STANDARD,
        "resolve",
        "{\"retry\": " + !noRetry + "}",
        response -> {
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
