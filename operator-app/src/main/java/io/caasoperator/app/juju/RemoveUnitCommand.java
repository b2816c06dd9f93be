package io.caasoperator.app.juju;

import io.caasoperator.domain.ApplicationName;
import java.util.List;
import java.util.function.UnaryOperator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code juju remove-unit APP --num-units N}: the application's scale lowered by N; the highest
 * numbered units go, as on Juju's Kubernetes models, which take an application and a count rather
 * than unit names.
 */
@Command(name = "remove-unit", description = "Removes units of an application.")
final class RemoveUnitCommand extends BundleEditCommand {

  @Parameters(arity = "1..*", paramLabel = "APP")
  List<String> applications;

  @Option(names = "--num-units", paramLabel = "N")
  int count = 0;

  @Mixin RemovalOptions removal;

  @Option(names = "--force")
  boolean force;

  @Override
  UnaryOperator<String> edit(JujuContext context) {
    if (applications.size() != 1 || applications.getFirst().contains("/")) {
      throw JujuFailure.usage(
          "Kubernetes models remove units by application and count: remove-unit APP --num-units N");
    }
    if (count < 1) throw JujuFailure.usage("--num-units must be a positive integer");
    ApplicationName name = Applications.name(applications.getFirst());
    return bundle -> BundleEdits.removeUnits(bundle, name, count);
  }
}
