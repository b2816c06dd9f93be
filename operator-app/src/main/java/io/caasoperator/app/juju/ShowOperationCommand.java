package io.caasoperator.app.juju;

import java.time.Duration;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

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
final class ShowOperationCommand extends ShowResultCommand {

  @Mixin YamlFormat format;

  ShowOperationCommand() {
    super("operation");
  }

  @Override
  String chosenFormat() {
    return format.chosen();
  }

  @Override
  String shown(OperatorTasks tasks, long id, Duration limit, String chosen) {
    return Output.render(JujuTask.ofOperation(tasks.operation(id, limit)), chosen);
  }
}
