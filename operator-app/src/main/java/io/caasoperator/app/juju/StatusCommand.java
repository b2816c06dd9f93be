package io.caasoperator.app.juju;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.caasoperator.app.text.TextTable;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code juju status}: the model as its operator reports it, in Juju 3.6's shape ({@link
 * JujuStatus}); applications of the bundle the operator does not run yet show waiting, with why.
 */
@Command(name = "status", description = "Shows the model's applications and units.")
final class StatusCommand extends ModelCommand {

  @Parameters(arity = "0..*", paramLabel = "APP", description = "Only these applications.")
  List<String> filter = new ArrayList<>();

  @Mixin TabularFormat format;

  @Option(names = "--relations")
  boolean relations;

  @Option(names = "--color")
  boolean color;

  @Option(names = "--no-color")
  boolean noColor;

  @Mixin UtcOption utc;

  @Override
  int run(JujuContext context) {
    String chosen = format.chosen("short", "line", "oneline", "summary");
    ModelDirectory directory = model.directory(context);
    ModelInfo info = context.models().info(directory);
    List<BundleEdits.Entry> bundle = BundleEdits.entries(ModelBundle.read(directory));
    ObjectNode status =
        JujuStatus.of(
            Output.JSON,
            info,
            context.status().status(directory),
            bundle,
            context.clock().instant());
    if (!filter.isEmpty()) {
      ObjectNode applications = (ObjectNode) status.get("applications");
      applications.retain(filter);
    }
    switch (chosen) {
      case "json", "yaml" -> context.out().print(Output.render(status, chosen));
      default -> context.out().print(table(status));
    }
    return 0;
  }

  /** Juju's tabular status: the model line, then applications, then units. */
  static String table(JsonNode status) {
    JsonNode m = status.path("model");
    List<String[]> model = new ArrayList<>();
    model.add(new String[] {"Model", "Controller", "Cloud/Region", "Version", "Timestamp"});
    model.add(
        new String[] {
          m.path("name").asText(),
          m.path("controller").asText(),
          m.path("cloud").asText() + "/" + m.path("region").asText(),
          m.path("version").asText(),
          status.path("controller").path("timestamp").asText()
        });
    StringBuilder out = new StringBuilder(TextTable.render(model));
    List<String[]> apps = new ArrayList<>();
    apps.add(
        new String[] {"App", "Version", "Status", "Scale", "Charm", "Channel", "Rev", "Message"});
    List<String[]> units = new ArrayList<>();
    units.add(new String[] {"Unit", "Workload", "Agent", "Address", "Ports", "Message"});
    for (var app : status.path("applications").properties()) {
      JsonNode a = app.getValue();
      apps.add(
          new String[] {
            app.getKey(),
            a.path("version").asText(""),
            a.path("application-status").path("current").asText(),
            a.path("scale").asText(),
            a.path("charm-name").asText(),
            "",
            a.path("charm-rev").asText(),
            a.path("application-status").path("message").asText("")
          });
      for (var unit : a.path("units").properties()) {
        JsonNode u = unit.getValue();
        units.add(
            new String[] {
              unit.getKey() + (u.path("leader").asBoolean(false) ? "*" : ""),
              u.path("workload-status").path("current").asText(),
              u.path("juju-status").path("current").asText(),
              u.path("address").asText(""),
              "",
              u.path("workload-status").path("message").asText("")
            });
      }
    }
    if (apps.size() == 1)
      return out.append("\nModel \"")
          .append(m.path("name").asText())
          .append("\" is empty.\n")
          .toString();
    out.append('\n').append(TextTable.render(apps));
    if (units.size() > 1) out.append('\n').append(TextTable.render(units));
    return out.toString();
  }
}
