package io.caasoperator.app.juju;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code juju show-task ID [--format plain|json|yaml] [--wait D] [--watch]}: an action the model's
 * operator ran or runs, as Juju 3.6 shows it (juju/juju {@code cmd/juju/action/showtask.go}): JSON
 * and YAML are the task itself ({@link JujuTask}, the shape {@code run --format json} prints per
 * unit), plain its results. By default it answers at once, pending or not; {@code --wait D} waits
 * up to D for it to finish, {@code --watch} until it does. An unknown id is {@code task N not
 * found}, exit 1; one that is not a number a usage error.
 */
@Command(name = "show-task", description = "Show results of a task by ID.")
final class ShowTaskCommand extends ShowResultCommand {

  @Mixin PlainFormat format;

  ShowTaskCommand() {
    super("task");
  }

  @Override
  String chosenFormat() {
    return format.chosen();
  }

  @Override
  String shown(OperatorTasks tasks, long id, Duration limit, String chosen) {
    JsonNode view = tasks.task(id, limit);
    ObjectNode task = JujuTask.ofAction(view.path("unit").asText(), view);
    return chosen.equals("plain") ? JujuTask.plain(task) : Output.render(task, chosen);
  }
}
