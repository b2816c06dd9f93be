package io.caasoperator.app.juju;

import java.time.Duration;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code juju show-operation ID [--format yaml|json] [--wait D] [--watch]}: the operation {@code
 * run --background} scheduled, as Juju 3.6 shows it (juju/juju {@code
 * cmd/juju/action/showoperation.go}, {@code formatOperationResult}): {@code {summary, status,
 * action: {name, parameters}, timing, tasks: {ID: {host, status, timing, log, message, results}}}},
 * the shape {@code operations} prints per operation ({@link JujuTask#ofOperation}); YAML by
 * default, as Juju's. An operation is one task here, with the same number. At once by default;
 * {@code --wait D} up to D for it to finish, {@code --watch} until it does. An unknown id is {@code
 * operation N not found}, exit 1; one that is not a number {@code operation ID "x" not valid}, a
 * usage error.
 */
@Command(name = "show-operation", description = "Show results of an operation.")
final class ShowOperationCommand extends ModelCommand {

  @Parameters(arity = "0..1", paramLabel = "ID")
  String id;

  @Option(names = "--format", paramLabel = "FORMAT", description = "yaml or json.")
  String format = "yaml";

  @Mixin ResultWait waiting;

  @Override
  int run(JujuContext context) {
    String chosen = Output.format(format, List.of("yaml", "json"));
    Duration limit = waiting.limit();
    if (id == null) throw JujuFailure.usage("no operation ID specified");
    // juju/names IsValidOperation: a decimal number
    if (!id.matches("[0-9]{1,18}"))
      throw JujuFailure.usage("operation ID \"" + id + "\" not valid");
    ModelDirectory directory = model.directory(context);
    var action = new OperatorTasks(context, directory).operation(Long.parseLong(id), limit);
    context.out().print(Output.render(JujuTask.ofOperation(action), chosen));
    return 0;
  }
}
