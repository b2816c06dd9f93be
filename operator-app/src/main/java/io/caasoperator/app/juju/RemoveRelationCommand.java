package io.caasoperator.app.juju;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code juju remove-relation A[:ep] B[:ep]}: the relation leaves the model's bundle. */
@Command(name = "remove-relation", description = "Removes a relation between two applications.")
final class RemoveRelationCommand implements Callable<Integer> {

  @ParentCommand JujuCli cli;

  @Mixin ModelOption model;

  @Mixin RelationEnds ends;

  @Option(names = "--force", description = "Accepted; the relation is always removed.")
  boolean force;

  @Override
  public Integer call() {
    JujuContext context = cli.context();
    ModelDirectory directory = model.directory(context);
    ModelBundle.edit(
        context, directory, bundle -> BundleEdits.removeRelation(bundle, ends.one, ends.other));
    return 0;
  }
}
