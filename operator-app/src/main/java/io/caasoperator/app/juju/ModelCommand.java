package io.caasoperator.app.juju;

import picocli.CommandLine.Mixin;

/**
 * A {@code juju} subcommand that works on one model, chosen with {@code -m/--model} (else {@code
 * $JUJU_MODEL}, else the current model): {@link ModelOption}.
 */
abstract class ModelCommand extends JujuCommand {

  @Mixin ModelOption model;
}
