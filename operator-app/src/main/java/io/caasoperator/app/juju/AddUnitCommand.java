package io.caasoperator.app.juju;

import io.caasoperator.domain.ApplicationName;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code juju add-unit APP [-n N]}: the application's scale raised by N in the model's bundle. */
@Command(name = "add-unit", description = "Adds units to an application.")
final class AddUnitCommand implements Callable<Integer> {

  @ParentCommand JujuCli cli;

  @Mixin ModelOption model;

  @Parameters(index = "0", paramLabel = "APP")
  String application;

  @Option(
      names = {"-n", "--num-units"},
      paramLabel = "N",
      description = "How many units to add (default 1).")
  int count = 1;

  @Option(names = "--to", paramLabel = "PLACEMENT", description = "Accepted with a note.")
  String to;

  @Option(names = "--attach-storage", paramLabel = "S", description = "Accepted with a note.")
  String attachStorage;

  @Override
  public Integer call() {
    JujuContext context = cli.context();
    ModelDirectory directory = model.directory(context);
    ApplicationName name = Applications.name(application);
    Notes notes = new Notes(context);
    notes.ignored("--to", to, "there are no machines to place units on here");
    notes.ignored("--attach-storage", attachStorage, "there is no detached storage here");
    ModelBundle.edit(context, directory, bundle -> BundleEdits.addUnits(bundle, name, count));
    return 0;
  }
}
