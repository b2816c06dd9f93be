package io.caasoperator.app.juju;

import io.caasoperator.model.ModelName;
import java.util.Optional;
import picocli.CommandLine.Option;

/**
 * {@code -m/--model [controller:][user/]model}, on every command that works on a model; without it,
 * {@code $JUJU_MODEL}, else the current model ({@code juju switch}), as Juju chooses.
 */
final class ModelOption {

  @Option(
      names = {"-m", "--model"},
      paramLabel = "MODEL",
      description = "Model to operate in: [<controller>:][<user>/]<model>.")
  String model;

  /** The model meant, which must exist. */
  ModelDirectory directory(JujuContext context) {
    return context.models().require(name(context));
  }

  ModelName name(JujuContext context) {
    Optional<String> named =
        Optional.ofNullable(model)
            .or(
                () ->
                    Optional.ofNullable(context.env().get("JUJU_MODEL")).filter(m -> !m.isBlank()));
    if (named.isPresent()) return ModelReference.parse(named.get()).name();
    return context
        .models()
        .current()
        .orElseThrow(
            () ->
                new JujuFailure(
                    "no model selected: select one with \"juju switch MODEL\", or give -m MODEL"));
  }
}
