package io.caasoperator.app.juju;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code juju exec --unit U [--format json] [--wait D] -- CMD...}: runs the commands in each unit's
 * hook context on the model's running operator. Plain output is the commands' stdout and stderr
 * (one unit) as Juju prints it; {@code --format json|yaml} is Juju's task per unit ({@link
 * JujuTask}). A non-zero code fails the call with Juju's "task failed" words, exit 1; a timeout
 * says "timed out".
 */
@Command(name = "exec", description = "Runs commands on units of the model.")
final class ExecCommand extends ModelCommand {

  /** Juju's default for how long the commands may run ({@code cmd/juju/action/exec.go}). */
  private static final Duration DEFAULT_WAIT = Duration.ofMinutes(5);

  @Mixin TaskOptions options;

  @Option(
      names = {"-u", "--unit"},
      paramLabel = "UNIT",
      split = ",")
  List<String> units = new ArrayList<>();

  @Option(
      names = {"-a", "--app", "--application"},
      paramLabel = "APP",
      split = ",")
  List<String> applications = new ArrayList<>();

  @Option(names = "--machine", paramLabel = "MACHINE")
  List<String> machines = new ArrayList<>();

  @Option(names = "--all")
  boolean all;

  @Option(names = "--execution-group", paramLabel = "GROUP")
  String executionGroup;

  @Option(names = "--parallel")
  boolean parallel;

  @Parameters(arity = "1..*", paramLabel = "COMMAND")
  List<String> commands;

  @Override
  int run(JujuContext context) {
    String chosen = options.format();
    if (!machines.isEmpty() || all)
      throw JujuFailure.usage("this model has no machines: give --unit or --application");
    if (units.isEmpty() && applications.isEmpty())
      throw JujuFailure.usage("you must specify a target, either through --unit or --application");
    Duration limit = options.wait(DEFAULT_WAIT);
    ModelDirectory directory = model.directory(context);
    OperatorTasks tasks = new OperatorTasks(context, directory);
    List<OperatorTasks.Unit> targets = new ArrayList<>();
    for (String unit : units) targets.add(tasks.unit(context, unit));
    for (String application : applications) targets.addAll(tasks.units(context, application));
    ObjectNode all = Output.JSON.createObjectNode();
    JsonNode failed = null;
    for (OperatorTasks.Unit unit : targets) {
      JsonNode reply = tasks.exec(unit, String.join(" ", commands), limit);
      String id = Long.toString(context.clock().millis());
      ObjectNode task = JujuTask.ofExec(id, unit.name(), reply, context.clock().instant());
      all.set(unit.name(), task);
      if (failed == null && !JujuTask.succeeded(task)) failed = task;
    }
    switch (chosen) {
      case "json", "yaml" -> context.out().print(Output.render(all, chosen));
      default -> {
        for (JsonNode task : all) {
          context.out().print(task.path("results").path("stdout").asText(""));
          context.err().print(task.path("results").path("stderr").asText(""));
        }
      }
    }
    if (failed != null) throw new JujuFailure(JujuTask.failed(failed));
    return 0;
  }
}
