package io.caasoperator.app.juju;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * {@code juju integrate A[:ep] B[:ep]}: a relation in the model's bundle; its endpoints are matched
 * against the charms as Juju matches them before it is written (an ambiguous or impossible pair is
 * refused in Juju's words).
 */
@Command(
    name = "integrate",
    aliases = "relate",
    description = "Integrates two applications (adds a relation between them).")
final class IntegrateCommand implements Callable<Integer> {

  @ParentCommand JujuCli cli;

  @Mixin ModelOption model;

  @Mixin RelationEnds ends;

  @Option(names = "--via", paramLabel = "CIDRS", description = "Accepted with a note.")
  String via;

  @Override
  public Integer call() {
    JujuContext context = cli.context();
    ModelDirectory directory = model.directory(context);
    if (ends.one.contains(".") || ends.other.contains(".")) {
      throw new JujuFailure("cross-model relations are not supported here");
    }
    new Notes(context).ignored("--via", via, "there are no cross-model relations here");
    ModelBundle.edit(
        context, directory, bundle -> BundleEdits.integrate(bundle, ends.one, ends.other));
    return 0;
  }
}
