package io.caasoperator.app.juju;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.caasoperator.app.text.TextTable;
import io.caasoperator.model.UpdateStatusInterval;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/**
 * {@code juju model-config}: shows the model's config ({@code {key: {Value, Source}}} as Juju
 * prints it in JSON, what jubilant's {@code model_config()} reads), one key's value, or sets and
 * resets keys in the model's info. Any key is kept; {@code update-status-hook-interval} is checked
 * as Juju checks it and also written into the model's bundle, which the running model follows
 * ({@link ModelConfigBundle}, docs/juju.md).
 */
@Command(name = "model-config", description = "Gets, sets or resets the model's config.")
final class ModelConfigCommand extends ModelCommand {

  /** Keys every model has, with their defaults (Juju's, for the ones that mean something here). */
  static final Map<String, String> DEFAULTS =
      Map.of(
          UpdateStatusInterval.KEY,
          "5m",
          "logging-config",
          "<root>=INFO",
          "automatically-retry-hooks",
          "true");

  @Parameters(arity = "0..*", paramLabel = "KEY|KEY=VALUE")
  List<String> arguments = new ArrayList<>();

  @Mixin ResetOption reset;

  @Mixin TabularFormat format;

  @Override
  int run(JujuContext context) {
    ModelDirectory directory = model.directory(context);
    ModelInfo info = context.models().info(directory);
    boolean setting = reset.setting(arguments);
    if (!setting) {
      String chosen = format.chosen();
      Map<String, String[]> shown = shown(info);
      if (arguments.size() == 1) {
        String[] entry = shown.get(arguments.getFirst());
        if (entry == null) {
          throw new JujuFailure(
              "key " + ModelReference.quoted(arguments.getFirst()) + " not found in model config");
        }
        context.out().println(entry[0]);
      } else if (chosen.equals("tabular")) {
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"Attribute", "From", "Value"});
        shown.forEach((k, v) -> rows.add(new String[] {k, v[1], v[0]}));
        context.out().print(TextTable.render(rows));
      } else {
        ObjectNode root = Output.JSON.createObjectNode();
        shown.forEach(
            (k, v) -> {
              ObjectNode entry = root.putObject(k);
              entry.put("Value", v[0]);
              entry.put("Source", v[1]);
            });
        context.out().print(Output.render(root, chosen));
      }
      return 0;
    }
    Map<String, String> set = ConfigValues.pairs(arguments);
    ModelConfigBundle.check(set);
    // the bundle first: the running model follows it; model.properties then shows what it follows
    if (ModelConfigBundle.touches(set, reset.keys)) {
      ModelBundle.edit(
          context, directory, bundle -> ModelConfigBundle.edit(bundle, set, reset.keys));
    }
    context.models().updateConfig(directory, set, reset.keys);
    return 0;
  }

  /** Each key's value and where it comes from ({@code model} or {@code default}), by key. */
  private static Map<String, String[]> shown(ModelInfo info) {
    Map<String, String[]> shown = new TreeMap<>();
    DEFAULTS.forEach((k, v) -> shown.put(k, new String[] {v, "default"}));
    shown.put("name", new String[] {info.name().value(), "model"});
    shown.put("type", new String[] {"kubernetes", "model"});
    shown.put("uuid", new String[] {info.uuid().toString(), "model"});
    info.config().forEach((k, v) -> shown.put(k, new String[] {v, "model"}));
    return shown;
  }
}
