package io.caasoperator.app;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code caas-operator show-relation} ({@link RelationsShown}): the application's (or model's)
 * relations with their databags, as the operator's journal holds them and every unit's hooks read
 * them (a running hook's own writes show once it completes). With {@code --unit}, as that unit's
 * charm sees each relation: its own databag ({@code local-unit}), the other units' ({@code
 * related-units}) and the application's.
 */
@Command(
    name = "show-relation",
    description = "Show the application's relations and their databags.")
final class ShowRelationCommand implements Callable<Integer> {

  @Mixin OperatorConnection connection;

  @Option(
      names = "--unit",
      paramLabel = "UNIT",
      description = "Show the relations as this unit sees them, e.g. mariadb/0.")
  String unit;

  @Option(
      names = "--format",
      defaultValue = "yaml",
      paramLabel = "FORMAT",
      description = "yaml or json (default: ${DEFAULT-VALUE}).")
  OutputFormat format;

  @Override
  public Integer call() throws Exception {
    return Cli.get(
        "show-relation",
        connection,
        "/v1/status",
        (client, status) -> {
          System.out.print(
              (format == OutputFormat.text ? OutputFormat.yaml : format)
                  .write(RelationsShown.of(status, unit)));
          return ExitCodes.OK;
        });
  }
}
