package io.caasoperator.app.juju;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.caasoperator.app.text.TextTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code juju models}: the models of this machine, the current one marked. */
@Command(
    name = "models",
    aliases = "list-models",
    description = "Lists the models on this machine.")
final class ModelsCommand extends JujuCommand {

  @Mixin TabularFormat format;

  @Option(
      names = {"-c", "--controller"},
      paramLabel = "CONTROLLER")
  String controller;

  @Option(names = "--all")
  boolean all;

  @Option(names = "--uuid")
  boolean uuid;

  @Override
  int run(JujuContext context) {
    String chosen = format.chosen();
    List<ModelInfo> models = context.models().list();
    Optional<String> current = context.models().current().map(Object::toString);
    if (chosen.equals("tabular")) {
      context.out().print(table(models, current));
      return 0;
    }
    ObjectNode root = Output.JSON.createObjectNode();
    ArrayNode list = root.putArray("models");
    for (ModelInfo model : models) list.add(ShowModelCommand.details(context, model));
    current.ifPresent(c -> root.put("current-model", c));
    context.out().print(Output.render(root, chosen));
    return 0;
  }

  private String table(List<ModelInfo> models, Optional<String> current) {
    List<String[]> rows = new ArrayList<>();
    rows.add(
        uuid
            ? new String[] {"Model", "UUID", "Cloud/Region", "Type", "Status", "Access"}
            : new String[] {"Model", "Cloud/Region", "Type", "Status", "Access"});
    for (ModelInfo model : models) {
      String name =
          model.name().value()
              + (current.filter(model.name().value()::equals).isPresent() ? "*" : "");
      String where = JujuDefaults.CLOUD + "/" + JujuDefaults.REGION;
      rows.add(
          uuid
              ? new String[] {name, model.uuid().toString(), where, "caas", "available", "admin"}
              : new String[] {name, where, "caas", "available", "admin"});
    }
    return "Controller: " + JujuDefaults.CONTROLLER + "\n\n" + TextTable.render(rows);
  }
}
