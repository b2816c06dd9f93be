package io.caasoperator.app.juju;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.io.IOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code juju run UNIT ACTION [k=v...] [--params FILE] [--format json] [--wait D]}: runs one of the
 * charm's actions on a unit of the model's running operator and waits for it. {@code --format
 * json|yaml} prints Juju's task ({@link JujuTask}); plain prints the results as YAML. A failed
 * action is Juju's "task failed", exit 1; one that did not end in time says "timed out", exit 1.
 * {@code --background} queues it and prints the task's id, as Juju 3.6 does, for {@code show-task}.
 */
@Command(name = "run", description = "Runs an action on a unit.")
final class RunCommand extends ModelCommand {

  /** {@code juju run}'s default wait ({@code runcommandbase.go}: 60 s when no flag is given). */
  private static final Duration DEFAULT_WAIT = Duration.ofSeconds(60);

  /** Juju's {@code nameRule} for parameter keys ({@code internal/charm/actions.go}). */
  private static final Pattern KEY = Pattern.compile("^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$");

  @Mixin TaskOptions options;

  @Parameters(index = "0", paramLabel = "UNIT")
  String unit;

  @Parameters(index = "1", paramLabel = "ACTION")
  String action;

  @Parameters(index = "2..*", paramLabel = "KEY=VALUE")
  List<String> args = new ArrayList<>();

  @Option(names = "--params", paramLabel = "FILE")
  String paramsFile;

  @Option(names = "--string-args")
  boolean stringArgs;

  @Override
  int run(JujuContext context) {
    String chosen = options.backgroundFormat();
    Duration limit = options.wait(DEFAULT_WAIT);
    ObjectNode params = params(context);
    ModelDirectory directory = model.directory(context);
    OperatorTasks tasks = new OperatorTasks(context, directory);
    OperatorTasks.Unit target = tasks.unit(context, unit);
    if (options.background) {
      // juju/juju cmd/juju/action/run.go: an operation of one task; here the two share a number
      String id = tasks.enqueue(target, action, params).path("id").asText();
      context.err().println();
      context.err().println("Scheduled operation " + id + " with task " + id);
      context.err().println("Check operation status with 'juju show-operation " + id + "'");
      context.err().println("Check task status with 'juju show-task " + id + "'");
      return 0;
    }
    context.err().println("Running operation on " + target.name());
    JsonNode view = tasks.run(target, action, params, limit);
    if (!JujuTask.finished(view)) {
      throw new JujuFailure(
          "timed out waiting for results from: unit "
              + target.name()
              + " (task "
              + view.path("id").asText()
              + " is "
              + view.path("status").asText()
              + ")");
    }
    ObjectNode task = JujuTask.ofAction(target.name(), view);
    switch (chosen) {
      case "json", "yaml" -> {
        ObjectNode all = Output.JSON.createObjectNode();
        all.set(target.name(), task);
        context.out().print(Output.render(all, chosen));
      }
      default -> context.out().print(JujuTask.plain(task));
    }
    if (!JujuTask.succeeded(task)) throw new JujuFailure(JujuTask.failed(task));
    return 0;
  }

  /** The --params file, then each KEY=VALUE over it; dotted keys nest, values are YAML. */
  private ObjectNode params(JujuContext context) {
    ObjectNode params = Output.JSON.createObjectNode();
    if (paramsFile != null) {
      try {
        JsonNode read = Output.YAML.readTree(Files.readString(context.resolve(paramsFile)));
        if (read != null && read.isObject()) params.setAll((ObjectNode) read);
        else if (read != null && !read.isNull() && !read.isMissingNode())
          throw JujuFailure.usage("--params " + paramsFile + ": expected a YAML map");
      } catch (IOException e) {
        throw JujuFailure.usage("--params " + paramsFile + ": " + e.getMessage());
      }
    }
    for (String arg : args) {
      int eq = arg.indexOf('=');
      if (eq < 0)
        throw JujuFailure.usage(
            "argument \"" + arg + "\" must be of the form key.key.key...=value");
      String[] keys = arg.substring(0, eq).split("\\.", -1);
      ObjectNode level = params;
      for (int i = 0; i < keys.length; i++) {
        if (!KEY.matcher(keys[i]).matches())
          throw JujuFailure.usage(
              "key \""
                  + keys[i]
                  + "\" must start and end with lowercase alphanumeric, and contain only lowercase"
                  + " alphanumeric and hyphens");
        if (i < keys.length - 1) {
          level = level.get(keys[i]) instanceof ObjectNode o ? o : level.putObject(keys[i]);
        }
      }
      String text = arg.substring(eq + 1);
      JsonNode value;
      try {
        value = stringArgs ? TextNode.valueOf(text) : Output.YAML.readTree(text);
      } catch (IOException e) {
        value = TextNode.valueOf(text);
      }
      if (value == null || value.isMissingNode()) value = TextNode.valueOf("");
      level.set(keys[keys.length - 1], value);
    }
    return params;
  }
}
