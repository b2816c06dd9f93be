package io.caasoperator.app.juju;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code juju show-task ID [--format plain|json|yaml] [--wait D] [--watch]}: an action the model's
 * operator ran or runs, as Juju 3.6 shows it (juju/juju {@code cmd/juju/action/showtask.go}): JSON
 * and YAML are the task itself ({@link JujuTask}, the shape {@code run --format json} prints per
 * unit), plain its results. By default it answers at once, pending or not; {@code --wait D} waits
 * up to D for it to finish, {@code --watch} until it does. An unknown id is {@code task N not
 * found}, exit 1; one that is not a number a usage error.
 */
@Command(name = "show-task", description = "Show results of a task by ID.")
final class ShowTaskCommand extends ModelCommand {

  @Parameters(arity = "0..1", paramLabel = "ID")
  String id;

  @Option(names = "--format", paramLabel = "FORMAT", description = "plain, json or yaml.")
  String format = "plain";

  @Mixin ResultWait waiting;

  @Override
  int run(JujuContext context) {
    String chosen = Output.format(format, List.of("plain", "json", "yaml"));
    Duration limit = waiting.limit();
    if (id == null) throw JujuFailure.usage("no task ID specified");
    if (!id.matches("[0-9]{1,18}")) throw JujuFailure.usage("task ID \"" + id + "\" not valid");
    ModelDirectory directory = model.directory(context);
    JsonNode view = new OperatorTasks(context, directory).task(Long.parseLong(id), limit);
    ObjectNode task = JujuTask.ofAction(view.path("unit").asText(), view);
    context
        .out()
        .print(chosen.equals("plain") ? JujuTask.plain(task) : Output.render(task, chosen));
    return 0;
  }
}
