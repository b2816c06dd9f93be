package io.caasoperator.app.juju;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code juju unexpose APP}: takes the application's {@code expose} out of the model's bundle;
 * status shows {@code exposed: false} (juju/juju {@code cmd/juju/application/unexpose.go}).
 */
@Command(name = "unexpose", description = "Removes public availability of an application.")
final class UnexposeCommand implements Callable<Integer> {

  @ParentCommand JujuCli cli;

  @Mixin ModelOption model;

  @Parameters(index = "0", paramLabel = "APP")
  String application;

  @Override
  public Integer call() {
    JujuContext context = cli.context();
    ModelDirectory directory = model.directory(context);
    var name = Applications.name(application);
    ModelBundle.edit(context, directory, bundle -> BundleEdits.expose(bundle, name, false));
    return 0;
  }
}
