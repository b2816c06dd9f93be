package io.caasoperator.app.juju;

import io.caasoperator.domain.ApplicationName;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/** {@code juju scale-application APP N}: the application's scale in the model's bundle. */
@Command(name = "scale-application", description = "Sets the number of units of an application.")
final class ScaleApplicationCommand extends ModelCommand {

  @Mixin ApplicationArgument application;

  @Parameters(index = "1", paramLabel = "SCALE")
  String scale;

  @Override
  int run(JujuContext context) {
    ModelDirectory directory = model.directory(context);
    int n;
    try {
      n = Integer.parseInt(scale);
    } catch (NumberFormatException e) {
      n = -1;
    }
    if (n < 0) throw JujuFailure.usage("invalid scale " + ModelReference.quoted(scale));
    ApplicationName name = application.name();
    int units = n;
    ModelBundle.edit(context, directory, bundle -> BundleEdits.scale(bundle, name, units));
    context.out().println(application.application + " scaled to " + n + " units");
    return 0;
  }
}
