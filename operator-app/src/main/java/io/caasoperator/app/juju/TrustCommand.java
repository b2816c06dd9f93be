package io.caasoperator.app.juju;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code juju trust APP [--remove]}: the application's {@code trust} in the model's bundle. */
@Command(name = "trust", description = "Trusts an application with the cloud's credentials.")
final class TrustCommand implements Callable<Integer> {

  @ParentCommand JujuCli cli;

  @Mixin ModelOption model;

  @Parameters(index = "0", paramLabel = "APP")
  String application;

  @Option(names = "--remove", description = "Take the trust back.")
  boolean remove;

  @Option(names = "--scope", paramLabel = "SCOPE", description = "Accepted (cluster).")
  String scope;

  @Override
  public Integer call() {
    JujuContext context = cli.context();
    ModelDirectory directory = model.directory(context);
    var name = Applications.name(application);
    ModelBundle.edit(context, directory, bundle -> BundleEdits.trust(bundle, name, !remove));
    return 0;
  }
}
