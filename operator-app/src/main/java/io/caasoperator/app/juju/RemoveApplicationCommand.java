package io.caasoperator.app.juju;

import io.caasoperator.domain.ApplicationName;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code juju remove-application APP...}: each application and its relations leave the model's
 * bundle, all in one edit (all named applications must exist, or nothing is removed); the operator
 * then takes its units through {@code stop} and {@code remove}.
 */
@Command(name = "remove-application", description = "Removes applications from the model.")
final class RemoveApplicationCommand extends ModelCommand {

  @Parameters(arity = "1..*", paramLabel = "APP")
  List<String> applications;

  @Mixin RemovalOptions removal;

  @Option(names = "--force")
  boolean force;

  @Option(names = "--dry-run")
  boolean dryRun;

  @Override
  int run(JujuContext context) {
    ModelDirectory directory = model.directory(context);
    List<ApplicationName> names = applications.stream().map(Applications::name).toList();
    if (dryRun) {
      String bundle = ModelBundle.read(directory);
      for (ApplicationName name : names) BundleEdits.removeApplication(bundle, name);
    } else {
      ModelBundle.edit(
          context,
          directory,
          bundle -> {
            String edited = bundle;
            for (ApplicationName name : names) edited = BundleEdits.removeApplication(edited, name);
            return edited;
          });
    }
    for (ApplicationName name : names) {
      context.err().println("will remove application " + name.value());
    }
    return 0;
  }
}
