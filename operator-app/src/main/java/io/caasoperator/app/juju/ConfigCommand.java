package io.caasoperator.app.juju;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.caasoperator.domain.ApplicationName;
import io.caasoperator.domain.ConfigOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code juju config APP}: shows the application's config (every option of its charm, with its
 * default, source and value, as juju/juju {@code cmd/juju/application/config.go} prints it), one
 * option's value ({@code config APP KEY}), or sets and resets options in the model's bundle ({@code
 * config APP k=v... --reset k,...}); {@code trust} is the application's own config, as in Juju.
 */
@Command(name = "config", description = "Gets, sets or resets an application's config.")
final class ConfigCommand extends ModelCommand {

  /** The one application config option ({@code application-config}) Juju shows on Kubernetes. */
  static final String TRUST = "trust";

  @Parameters(index = "0", paramLabel = "APP")
  String application;

  @Parameters(index = "1..*", paramLabel = "KEY|KEY=VALUE", arity = "0..*")
  List<String> arguments = new ArrayList<>();

  @Mixin ResetOption reset;

  @Option(names = "--file", paramLabel = "FILE")
  String file;

  @Option(names = "--format", paramLabel = "FORMAT")
  String format = "yaml";

  @Override
  int run(JujuContext context) {
    ModelDirectory directory = model.directory(context);
    ApplicationName name = Applications.name(application);
    BundleEdits.Entry entry = BundleEdits.entry(ModelBundle.read(directory), name);
    Charms.Facts charm = context.charms().inspect(Path.of(entry.charm()));
    boolean setting = file != null || reset.setting(arguments);
    if (!setting) {
      String chosen = Output.format(format, List.of("yaml", "json"));
      ObjectNode shown = shown(entry, charm);
      if (arguments.isEmpty()) {
        context.out().print(Output.render(shown, chosen));
      } else if (arguments.size() == 1) {
        context.out().println(value(shown, arguments.getFirst()));
      } else {
        throw JujuFailure.usage("can only retrieve a single value, or all values");
      }
      return 0;
    }
    Map<String, Object> settings = new LinkedHashMap<>();
    if (file != null) settings.putAll(ConfigFiles.applicationSettings(context, file, application));
    settings.putAll(ConfigValues.pairs(arguments));
    Object trust = settings.remove(TRUST);
    boolean resetTrust = reset.keys.remove(TRUST);
    for (String key : reset.keys) {
      if (!charm.options().containsKey(key))
        throw new JujuFailure("unknown option " + ModelReference.quoted(key));
    }
    Map<String, Object> typed = ConfigValues.typed(charm.options(), settings);
    Boolean trusted =
        trust == null
            ? (resetTrust ? Boolean.FALSE : null)
            : (Boolean)
                ConfigValues.typed(
                        Map.of(TRUST, new ConfigOption(ConfigOption.Type.BOOLEAN, false, "")),
                        Map.of(TRUST, trust))
                    .get(TRUST);
    ModelBundle.edit(
        context,
        directory,
        bundle -> {
          String edited = BundleEdits.config(bundle, name, typed, reset.keys);
          return trusted == null ? edited : BundleEdits.trust(edited, name, trusted);
        });
    return 0;
  }

  /** One option's value as {@code config APP KEY} prints it: the value alone. */
  private static String value(ObjectNode shown, String key) {
    ObjectNode option =
        key.equals(TRUST)
            ? (ObjectNode) shown.path("application-config").path(TRUST)
            : shown.path("settings").has(key) ? (ObjectNode) shown.path("settings").get(key) : null;
    if (option == null)
      throw new JujuFailure(
          "key "
              + ModelReference.quoted(key)
              + " not found in "
              + ModelReference.quoted(shown.path("application").asText())
              + " application config or charm settings.");
    return option.has("value") ? option.get("value").asText() : "";
  }

  /** {@code {application, application-config, charm, settings}}, as Juju prints it. */
  static ObjectNode shown(BundleEdits.Entry entry, Charms.Facts charm) {
    ObjectNode root = Output.JSON.createObjectNode();
    root.put("application", entry.application());
    ObjectNode trust = root.putObject("application-config").putObject(TRUST);
    trust.put("default", false);
    trust.put("description", "Does this application have access to trusted credentials");
    trust.put("source", entry.trust() ? "user" : "default");
    trust.put("type", "bool");
    trust.put("value", entry.trust());
    root.put("charm", charm.name());
    ObjectNode settings = root.putObject("settings");
    for (var option : new TreeMap<>(charm.options()).entrySet()) {
      ConfigOption o = option.getValue();
      ObjectNode s = settings.putObject(option.getKey());
      Object set = entry.options().get(option.getKey());
      if (o.defaultValue() != null) s.set("default", Output.JSON.valueToTree(o.defaultValue()));
      s.put("description", o.description() == null ? "" : o.description());
      s.put("source", set != null ? "user" : o.defaultValue() != null ? "default" : "unset");
      s.put("type", o.type().label());
      Object value = set != null ? set : o.defaultValue();
      if (value != null) s.set("value", Output.JSON.valueToTree(value));
    }
    return root;
  }
}
