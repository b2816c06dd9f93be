package io.caasoperator.app.juju;

import java.util.function.UnaryOperator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code juju unexpose APP}: takes the application's {@code expose} out of the model's bundle;
 * status shows {@code exposed: false} (juju/juju {@code cmd/juju/application/unexpose.go}).
 */
@Command(name = "unexpose", description = "Removes public availability of an application.")
final class UnexposeCommand extends BundleEditCommand {

  @Mixin ApplicationArgument application;

  @Override
  UnaryOperator<String> edit(JujuContext context) {
    var name = application.name();
    return bundle -> BundleEdits.expose(bundle, name, false);
  }
}
