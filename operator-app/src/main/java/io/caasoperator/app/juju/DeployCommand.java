package io.caasoperator.app.juju;

import io.caasoperator.domain.ApplicationName;
import java.nio.file.Files;
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
 * {@code juju deploy PATH [APP]}: a local charm (a directory or a {@code .charm}, as {@code
 * charmcraft pack} leaves it) becomes an application of the model's bundle, with its units, config,
 * trust and file resources. The charm is loaded first and the config typed by its {@code
 * config.yaml}, so a bad path, option or value is refused here and the bundle stays as it was.
 * Flags about Charmhub and machines are accepted with a note.
 */
@Command(name = "deploy", description = "Deploys a local charm as a new application.")
final class DeployCommand extends ModelCommand {

  @Parameters(
      index = "0",
      paramLabel = "PATH",
      description = "The charm: a directory or a .charm file, starting with ./ or /.")
  String charm;

  @Parameters(
      index = "1",
      arity = "0..1",
      paramLabel = "APP",
      description = "The application's name (default: the charm's).")
  String application;

  @Option(
      names = {"-n", "--num-units"},
      paramLabel = "N")
  int units = 1;

  @Option(names = "--config", paramLabel = "KEY=VALUE|FILE")
  List<String> config = new ArrayList<>();

  @Option(names = "--resource", paramLabel = "NAME=PATH")
  List<String> resources = new ArrayList<>();

  @Option(names = "--trust")
  boolean trust;

  @Mixin CharmhubOptions charmhub;

  @Mixin PlacementOptions placement;

  @Option(names = "--series", paramLabel = "SERIES")
  String series;

  @Option(names = "--constraints", paramLabel = "C")
  List<String> constraints = new ArrayList<>();

  @Option(names = "--bind", paramLabel = "BINDINGS")
  String bind;

  @Option(names = "--storage", paramLabel = "NAME=C")
  List<String> storage = new ArrayList<>();

  @Option(names = "--force")
  boolean force;

  @Override
  int run(JujuContext context) {
    ModelDirectory directory = model.directory(context);
    if (!charm.startsWith(".") && !charm.startsWith("/")) {
      throw new JujuFailure(
          "cannot deploy "
              + ModelReference.quoted(charm)
              + ": charms come from local paths here (./dir, ./name.charm or /path); there is no"
              + " Charmhub");
    }
    if (units < 0) throw JujuFailure.usage("--num-units must be a positive integer");
    Path path = context.resolve(charm);
    if (Files.isRegularFile(path) && (charm.endsWith(".yaml") || charm.endsWith(".yml"))) {
      throw new JujuFailure("deploying a bundle is not supported here yet; deploy its charms");
    }
    Charms.Facts facts = context.charms().inspect(path);
    String name = application == null ? facts.name() : application;
    Applications.name(name);
    Map<String, Object> settings = new LinkedHashMap<>();
    for (String c : config) {
      if (c.contains("=")) settings.putAll(ConfigValues.pairs(List.of(c)));
      else settings.putAll(ConfigFiles.applicationSettings(context, c, name));
    }
    Map<String, Object> typed = ConfigValues.typed(facts.options(), settings);
    Map<String, String> files = new TreeMap<>();
    ConfigValues.pairs(resources)
        .forEach(
            (resource, file) -> {
              Path resolved = context.resolve(file);
              if (!Files.isRegularFile(resolved)) {
                throw new JujuFailure(
                    "resource " + ModelReference.quoted(resource) + ": no such file " + file);
              }
              files.put(resource, resolved.toString());
            });
    // a removed application's operator runs until its units have gone, and its name stays taken
    // until then, as Juju's AddApplication refuses a name that is not dead (state/state.go:
    // isNotDead -> AlreadyExists); the bundle's own names are refused by BundleEdits.deploy
    if (JujuStatus.reported(context.status().status(directory)).containsKey(name)) {
      throw new JujuFailure(
          "cannot add application " + ModelReference.quoted(name) + ": application already exists");
    }
    notes(new Notes(context));
    BundleEdits.Deploy deploy =
        new BundleEdits.Deploy(
            new ApplicationName(name), path.toString(), units, typed, files, trust);
    ModelBundle.edit(context, directory, bundle -> BundleEdits.deploy(bundle, deploy));
    context
        .err()
        .println(
            "Deploying "
                + ModelReference.quoted(name)
                + " from local charm "
                + ModelReference.quoted(facts.name())
                + ", revision 0");
    return 0;
  }

  private void notes(Notes notes) {
    charmhub.notes(notes);
    notes.ignored("--series", series, "units run on this machine, not on a chosen base");
    notes.ignored("--constraints", constraints, "there are no machines to constrain here");
    notes.ignored("--bind", bind, "there are no network spaces here");
    notes.ignored("--storage", storage, "storage is what the charm's metadata declares");
    placement.notes(notes);
    notes.ignored("--force", force, "there are no base or series checks to bypass here");
  }
}
