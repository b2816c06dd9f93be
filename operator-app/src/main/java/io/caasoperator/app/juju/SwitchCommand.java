package io.caasoperator.app.juju;

import io.caasoperator.model.ModelName;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code juju switch [MODEL]}: makes a model the current one ({@code local:admin/old ->
 * local:admin/new} on standard error, as Juju); without a model, prints the current one.
 */
@Command(name = "switch", description = "Selects or shows the current model.")
final class SwitchCommand extends JujuCommand {

  @Parameters(arity = "0..1", paramLabel = "MODEL", description = "[<controller>:][<user>/]<model>")
  String model;

  @Override
  int run(JujuContext context) {
    Optional<ModelName> current = context.models().current();
    if (model == null) {
      ModelName name =
          current.orElseThrow(
              () -> new JujuFailure("no model selected: select one with \"juju switch MODEL\""));
      context.out().println(shown(name));
      return 0;
    }
    ModelName name = ModelReference.parse(model).name();
    context.models().require(name);
    context.models().setCurrent(name);
    context
        .err()
        .println(
            current.map(SwitchCommand::shown).orElse(JujuDefaults.CONTROLLER)
                + " -> "
                + shown(name));
    return 0;
  }

  private static String shown(ModelName name) {
    return JujuDefaults.CONTROLLER + ":" + JujuDefaults.qualified(name);
  }
}
