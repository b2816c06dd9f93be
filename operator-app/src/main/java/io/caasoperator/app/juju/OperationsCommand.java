package io.caasoperator.app.juju;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.caasoperator.app.text.TextTable;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code juju operations [--apps A,...] [--units U,...] [--actions N,...] [--status S,...]
 * [--offset N] [--limit N] [--format plain|json|yaml]}: the actions the model's operator keeps, as
 * Juju 3.6 lists operations (juju/juju {@code cmd/juju/action/listoperations.go}): plain is its
 * table ({@code Id Status Started Finished Task IDs Summary}), JSON {@code {ID: {summary, status,
 * action, timing, tasks}}} ({@link JujuTask#ofOperation}). Each action is an operation of one task
 * with the same number. None: {@code no matching operations} on standard error.
 */
@Command(
    name = "operations",
    aliases = "list-operations",
    description = "Lists pending, running, or completed operations.")
final class OperationsCommand extends ModelCommand {

  @Option(
      names = {"-a", "--apps", "--applications"},
      split = ",",
      paramLabel = "APP")
  List<String> applications = new ArrayList<>();

  @Option(
      names = {"-u", "--units"},
      split = ",",
      paramLabel = "UNIT")
  List<String> units = new ArrayList<>();

  @Option(names = "--actions", split = ",", paramLabel = "NAME")
  List<String> actions = new ArrayList<>();

  @Option(names = "--status", split = ",", paramLabel = "STATUS")
  List<String> states = new ArrayList<>();

  @Option(names = "--offset", paramLabel = "N")
  int offset;

  @Option(names = "--limit", paramLabel = "N")
  int limit;

  @Mixin PlainFormat format;

  @Mixin UtcOption utc;

  @Override
  int run(JujuContext context) {
    String chosen = format.chosen();
    if (offset < 0 || limit < 0) throw JujuFailure.usage("--offset and --limit must be >= 0");
    ModelDirectory directory = model.directory(context);
    OperatorTasks tasks = new OperatorTasks(context, directory);
    List<JsonNode> found = new ArrayList<>();
    for (OperatorTasks.Unit unit : units(context, tasks))
      for (JsonNode action : tasks.tasks(unit)) if (wanted(action)) found.add(action);
    found.sort(Comparator.comparingLong(a -> a.path("id").asLong()));
    List<JsonNode> shown =
        found.stream().skip(offset).limit(limit == 0 ? Long.MAX_VALUE : limit).toList();
    if (shown.isEmpty()) {
      context.err().println("no matching operations");
      return 0;
    }
    if (chosen.equals("plain")) {
      context.out().print(table(shown));
      return 0;
    }
    ObjectNode all = Output.JSON.createObjectNode();
    for (JsonNode action : shown) all.set(action.path("id").asText(), JujuTask.ofOperation(action));
    context.out().print(Output.render(all, chosen));
    return 0;
  }

  private boolean wanted(JsonNode action) {
    return (actions.isEmpty() || actions.contains(action.path("action").asText()))
        && (states.isEmpty() || states.contains(action.path("status").asText()));
  }

  /** The units asked for, else every unit of the applications asked for, else of the model. */
  private List<OperatorTasks.Unit> units(JujuContext context, OperatorTasks tasks) {
    List<OperatorTasks.Unit> chosen = new ArrayList<>();
    for (String unit : units) chosen.add(tasks.unit(context, unit));
    List<String> apps = applications;
    if (units.isEmpty() && apps.isEmpty())
      apps =
          List.copyOf(
              JujuStatus.reported(
                      Optional.of(
                          context
                              .status()
                              .status(tasks.model())
                              .orElseThrow(
                                  () -> new JujuFailure("the model's operator is not answering"))))
                  .keySet());
    for (String application : apps) chosen.addAll(tasks.units(context, application));
    return chosen;
  }

  /** Juju's operations table. */
  static String table(List<JsonNode> actions) {
    List<String[]> rows = new ArrayList<>();
    rows.add(new String[] {"Id", "Status", "Started", "Finished", "Task IDs", "Summary"});
    for (JsonNode action : actions) {
      rows.add(
          new String[] {
            action.path("id").asText(),
            action.path("status").asText(),
            action.path("timing").path("started").asText(""),
            action.path("timing").path("completed").asText(""),
            action.path("id").asText(),
            JujuTask.summary(action)
          });
    }
    return TextTable.render(rows);
  }
}
