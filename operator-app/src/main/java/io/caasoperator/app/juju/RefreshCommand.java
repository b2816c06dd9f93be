package io.caasoperator.app.juju;

import io.caasoperator.files.RecursiveDelete;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code juju refresh APP --path CHARM}: a new revision of the application's charm. As Juju uploads
 * a local charm as the next revision of it (juju/juju {@code cmd/juju/application/refresh.go}), the
 * charm is copied into the model ({@code <model>/charms/<app>-<N>}) and the model's bundle points
 * at the copy: a new charm for the operator, which deploys it and runs {@code upgrade-charm} then
 * {@code config-changed} on every unit, as for any charm change. A charm edited in place and
 * refreshed from the same path is therefore a new revision too. Charmhub's flags are accepted with
 * a note; a charm of another name is refused (Juju asks for {@code --switch}, which needs
 * Charmhub).
 */
@Command(name = "refresh", description = "Refreshes an application's charm from a local path.")
final class RefreshCommand extends ModelCommand {

  @Parameters(index = "0", paramLabel = "APP")
  String application;

  @Option(names = "--path", paramLabel = "PATH")
  String path;

  @Mixin CharmhubOptions charmhub;

  @Option(names = "--force")
  boolean force;

  @Option(names = "--force-units")
  boolean forceUnits;

  @Option(names = "--force-base")
  boolean forceBase;

  @Option(names = "--trust")
  boolean trust;

  @Option(names = "--config", paramLabel = "KEY=VALUE")
  List<String> config = new ArrayList<>();

  @Option(names = "--resource", paramLabel = "NAME=PATH")
  List<String> resources = new ArrayList<>();

  @Override
  int run(JujuContext context) {
    var name = Applications.name(application);
    if (path == null)
      throw new JujuFailure(
          "refreshing from Charmhub is not possible here: give the new charm with --path");
    Notes notes = new Notes(context);
    charmhub.notes(notes);
    notes.ignored("--trust", trust, "use juju trust");
    notes.ignored("--config", config, "use juju config");
    notes.ignored("--resource", resources, "resources stay as deployed");
    ModelDirectory directory = model.directory(context);
    BundleEdits.Entry current =
        BundleEdits.entries(ModelBundle.read(directory)).stream()
            .filter(e -> e.application().equals(application))
            .findFirst()
            .orElseThrow(() -> new JujuFailure("application \"" + application + "\" not found"));
    Path source = context.resolve(path);
    String charmName = context.charms().inspect(source).name();
    String was = JujuStatus.charmName(current.charm());
    Path deployed = Path.of(current.charm());
    if (Files.exists(deployed)) was = context.charms().inspect(deployed).name();
    if (!charmName.equals(was))
      throw new JujuFailure(
          "cannot refresh \""
              + application
              + "\" to charm \""
              + charmName
              + "\": it runs \""
              + was
              + "\" (a charm of another name needs --switch, from Charmhub)");
    Path copy = nextRevision(directory, source);
    try {
      ModelBundle.edit(
          context, directory, bundle -> BundleEdits.charm(bundle, name, copy.toString()));
    } catch (RuntimeException e) {
      RecursiveDelete.quietly(copy);
      throw e;
    }
    context
        .err()
        .println(
            "Added local charm \""
                + charmName
                + "\", revision "
                + revisionOf(copy)
                + ", to the model");
    return 0;
  }

  /** {@code <model>/charms/<app>-<N>} (with the archive's extension), N one more than any yet. */
  private Path nextRevision(ModelDirectory directory, Path source) {
    Path charms = directory.root().resolve("charms");
    try {
      Files.createDirectories(charms);
      int next = 1;
      try (Stream<Path> existing = Files.list(charms)) {
        for (Path p : (Iterable<Path>) existing::iterator)
          if (p.getFileName().toString().startsWith(application + "-"))
            next = Math.max(next, revisionOf(p) + 1);
      }
      String suffix = Files.isDirectory(source) ? "" : ".charm";
      Path target = charms.resolve(application + "-" + next + suffix);
      copy(source, target);
      return target;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private int revisionOf(Path copy) {
    String file = copy.getFileName().toString().replaceFirst("\\.charm$", "");
    try {
      return Integer.parseInt(file.substring(application.length() + 1));
    } catch (NumberFormatException | IndexOutOfBoundsException e) {
      return 0;
    }
  }

  /** A copy of the charm: its files with their modes (hooks stay executable), links as links. */
  private static void copy(Path source, Path target) throws IOException {
    if (!Files.isDirectory(source)) {
      Files.copy(source, target, StandardCopyOption.COPY_ATTRIBUTES);
      return;
    }
    try (Stream<Path> tree = Files.walk(source)) {
      for (Path from : (Iterable<Path>) tree::iterator) {
        Path to = target.resolve(source.relativize(from).toString());
        Files.copy(from, to, StandardCopyOption.COPY_ATTRIBUTES, LinkOption.NOFOLLOW_LINKS);
      }
    }
  }
}
