package io.caasoperator.app.juju;

import java.util.function.UnaryOperator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code juju add-unit APP [-n N]}: the application's scale raised by N in the model's bundle. */
@Command(name = "add-unit", description = "Adds units to an application.")
final class AddUnitCommand extends BundleEditCommand {

  @Mixin ApplicationArgument application;

  @Option(
      names = {"-n", "--num-units"},
      paramLabel = "N")
  int count = 1;

  @Mixin PlacementOptions placement;

  @Override
  UnaryOperator<String> edit(JujuContext context) {
    var name = application.name();
    placement.notes(new Notes(context));
    return bundle -> BundleEdits.addUnits(bundle, name, count);
  }
}
