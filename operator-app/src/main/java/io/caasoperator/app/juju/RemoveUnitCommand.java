package io.caasoperator.app.juju;

import io.caasoperator.domain.ApplicationName;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code juju remove-unit APP --num-units N}: the application's scale lowered by N; the highest
 * numbered units go, as on Juju's Kubernetes models, which take an application and a count rather
 * than unit names.
 */
@Command(name = "remove-unit", description = "Removes units of an application.")
final class RemoveUnitCommand implements Callable<Integer> {

  @ParentCommand JujuCli cli;

  @Mixin ModelOption model;

  @Parameters(arity = "1..*", paramLabel = "APP")
  List<String> applications;

  @Option(names = "--num-units", paramLabel = "N", description = "How many units to remove.")
  int count = 0;

  @Option(names = "--no-prompt", description = "Do not ask for confirmation (never asked here).")
  boolean noPrompt;

  @Option(names = "--destroy-storage", description = "Accepted; storage goes with its units.")
  boolean destroyStorage;

  @Option(names = "--force", description = "Accepted.")
  boolean force;

  @Option(names = "--no-wait", description = "Accepted.")
  boolean noWait;

  @Override
  public Integer call() {
    JujuContext context = cli.context();
    ModelDirectory directory = model.directory(context);
    if (applications.size() != 1 || applications.getFirst().contains("/")) {
      throw JujuFailure.usage(
          "Kubernetes models remove units by application and count: remove-unit APP --num-units N");
    }
    if (count < 1) throw JujuFailure.usage("--num-units must be a positive integer");
    ApplicationName name = Applications.name(applications.getFirst());
    ModelBundle.edit(context, directory, bundle -> BundleEdits.removeUnits(bundle, name, count));
    return 0;
  }
}
