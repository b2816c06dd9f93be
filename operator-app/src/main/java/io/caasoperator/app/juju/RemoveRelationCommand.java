package io.caasoperator.app.juju;

import java.util.function.UnaryOperator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code juju remove-relation A[:ep] B[:ep]}: the relation leaves the model's bundle. */
@Command(name = "remove-relation", description = "Removes a relation between two applications.")
final class RemoveRelationCommand extends BundleEditCommand {

  @Mixin RelationEnds ends;

  @Option(names = "--force")
  boolean force;

  @Override
  UnaryOperator<String> edit(JujuContext context) {
    return bundle -> BundleEdits.removeRelation(bundle, ends.one, ends.other);
  }
}
