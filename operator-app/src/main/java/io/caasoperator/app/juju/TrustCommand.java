package io.caasoperator.app.juju;

import java.util.function.UnaryOperator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code juju trust APP [--remove]}: the application's {@code trust} in the model's bundle. */
@Command(name = "trust", description = "Trusts an application with the cloud's credentials.")
final class TrustCommand extends BundleEditCommand {

  @Mixin ApplicationArgument application;

  @Option(names = "--remove")
  boolean remove;

  @Option(names = "--scope", paramLabel = "SCOPE")
  String scope;

  @Override
  UnaryOperator<String> edit(JujuContext context) {
    var name = application.name();
    return bundle -> BundleEdits.trust(bundle, name, !remove);
  }
}
