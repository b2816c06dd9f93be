package io.caasoperator.app.juju;

import java.util.function.UnaryOperator;

/**
 * A {@code juju} subcommand whose whole effect is one edit of the model's bundle ({@link
 * ModelBundle#edit}): the model is looked up first, then the command checks its arguments and says
 * how the bundle changes; the model's operator applies the new bundle.
 */
abstract class BundleEditCommand extends ModelCommand {

  /** The edit this call makes, its arguments checked (a refusal throws {@link JujuFailure}). */
  abstract UnaryOperator<String> edit(JujuContext context);

  @Override
  final int run(JujuContext context) {
    ModelDirectory directory = model.directory(context);
    ModelBundle.edit(context, directory, edit(context));
    return 0;
  }
}
