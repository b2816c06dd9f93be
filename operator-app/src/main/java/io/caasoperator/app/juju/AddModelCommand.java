package io.caasoperator.app.juju;

import io.caasoperator.model.ModelName;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code juju add-model NAME}: the model's directory and an empty bundle, the current model unless
 * {@code --no-switch}, and its operator started in the background ({@link ModelOperators#start}). A
 * model whose operator cannot be started is removed again: nothing is left half-added.
 */
@Command(name = "add-model", description = "Adds a model, and starts the operator that runs it.")
final class AddModelCommand extends JujuCommand {

  @Parameters(index = "0", paramLabel = "NAME", description = "The model's name.")
  String name;

  @Parameters(
      index = "1",
      arity = "0..1",
      paramLabel = "CLOUD",
      description = "Accepted; there is one cloud here, this machine.")
  String cloud;

  @Option(names = "--no-switch")
  boolean noSwitch;

  @Option(names = "--config", paramLabel = "KEY=VALUE|FILE")
  List<String> config = new ArrayList<>();

  @Option(
      names = {"-c", "--controller"},
      paramLabel = "CONTROLLER")
  String controller;

  @Option(names = "--credential", paramLabel = "CREDENTIAL")
  String credential;

  @Override
  int run(JujuContext context) {
    if (!ModelName.isValid(name)) {
      throw new JujuFailure(
          ModelReference.quoted(name)
              + " is not a valid name: model names may only contain lowercase letters, digits and"
              + " hyphens");
    }
    ModelName model = new ModelName(name);
    Map<String, String> settings = new TreeMap<>();
    for (String c : config) settings.putAll(ConfigFiles.settings(context, c));
    Notes notes = new Notes(context);
    notes.ignored("--controller", controller, "there is one controller here, this machine");
    notes.ignored("CLOUD", cloud, "there is one cloud here, this machine");
    notes.ignored("--credential", credential, "this machine needs no cloud credential");
    ModelConfigBundle.check(settings);
    ModelInfo info = new ModelInfo(model, UUID.randomUUID(), context.clock().instant(), settings);
    ModelDirectory directory =
        context
            .models()
            .create(info, ModelConfigBundle.edit(BundleText.empty(model), settings, List.of()));
    ModelOperators.Started started;
    try {
      started = context.operators().start(directory);
    } catch (RuntimeException e) {
      context.models().remove(directory);
      throw e;
    }
    if (!noSwitch) context.models().setCurrent(model);
    context
        .err()
        .println(
            "Added '"
                + model
                + "' model on "
                + JujuDefaults.CLOUD
                + "/"
                + JujuDefaults.REGION
                + " for user '"
                + JujuDefaults.USER
                + "'");
    switch (started) {
      case ModelOperators.Started.Running running ->
          context
              .err()
              .println(
                  "Its operator runs as pid " + running.pid() + ", logging to " + running.log());
      case ModelOperators.Started.NotStarted notStarted ->
          context.err().println("note: " + notStarted.why());
    }
    return 0;
  }
}
