package io.caasoperator.app.juju;

import java.util.function.UnaryOperator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code juju integrate A[:ep] B[:ep]}: a relation in the model's bundle; its endpoints are matched
 * against the charms as Juju matches them before it is written (an ambiguous or impossible pair is
 * refused in Juju's words).
 */
@Command(
    name = "integrate",
    aliases = "relate",
    description = "Integrates two applications (adds a relation between them).")
final class IntegrateCommand extends BundleEditCommand {

  @Mixin RelationEnds ends;

  @Option(names = "--via", paramLabel = "CIDRS")
  String via;

  @Override
  UnaryOperator<String> edit(JujuContext context) {
    if (ends.one.contains(".") || ends.other.contains(".")) {
      throw new JujuFailure("cross-model relations are not supported here");
    }
    new Notes(context).ignored("--via", via, "there are no cross-model relations here");
    return bundle -> BundleEdits.integrate(bundle, ends.one, ends.other);
  }
}
