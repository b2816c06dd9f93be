package io.caasoperator.app;

import com.fasterxml.jackson.databind.JsonNode;
import io.caasoperator.domain.UnitId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code caas-operator list-actions [UNIT]}: the newest charm actions, of one unit or all, oldest
 * first.
 */
@Command(
    name = "list-actions",
    description = "List the newest charm actions (of UNIT, or of every unit), oldest first.")
final class ListActionsCommand implements Callable<Integer> {

  static final String NAME = "list-actions";

  @Mixin OperatorConnection connection;

  @Parameters(
      index = "0",
      arity = "0..1",
      paramLabel = "UNIT",
      description = "e.g. hello/0 (default: every unit)")
  String unit;

  @Option(
      names = "--limit",
      defaultValue = "100",
      paramLabel = "N",
      description = "At most N actions, the newest (default: ${DEFAULT-VALUE}).")
  int limit;

  @Option(
      names = "--format",
      defaultValue = "text",
      description = "text, yaml or json (default: ${DEFAULT-VALUE}).")
  String format;

  @Override
  public Integer call() throws Exception {
    String query = "?limit=" + limit;
    if (unit != null) {
      try {
        query += "&unit=" + UnitId.parse(unit).name();
      } catch (IllegalArgumentException e) {
        return Cli.fail(NAME, e.getMessage(), 2);
      }
    }
    if (!format.equals("text") && !ActionOutput.knownFormat(format)) {
      return Cli.fail(NAME, "--format must be text, yaml or json, got \"" + format + "\"", 2);
    }
    if (limit < 1) return Cli.fail(NAME, "--limit must be at least 1", 2);
    String path = "/v1/actions" + query;
    return Cli.get(
        NAME,
        connection,
        path,
        (client, answer) -> {
          JsonNode actions = answer.path("actions");
          if (format.equals("text")) {
            System.out.print(actions.isEmpty() ? "No actions.\n" : ActionOutput.table(actions));
            return 0;
          }
          List<Map<String, Object>> tasks = new ArrayList<>();
          for (JsonNode action : actions) {
            Map<String, Object> task = ActionOutput.task(action);
            task.put("action", action.path("action").asText());
            tasks.add(task);
          }
          System.out.print(ActionOutput.write(tasks, format));
          return 0;
        });
  }
}
