package io.caasoperator.charm;

import io.caasoperator.domain.CharmAction;
import io.caasoperator.domain.CharmInfo;
import io.caasoperator.domain.CharmRef;
import io.caasoperator.domain.ConfigOption;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads an unpacked charm directory into a {@link CharmInfo}: its metadata (name, containers, peer
 * relations, storage), options, actions and which hooks it can run. Each part comes from its own
 * file ({@code metadata.yaml}, {@code config.yaml}, {@code actions.yaml}) as in a packed charm, or,
 * when that file is absent, from {@code charmcraft.yaml} in charmcraft's unified format, as in a
 * charm's source tree. Every problem is reported with the file it is in, so a charm author can fix
 * it without reading our code.
 */
final class CharmLoader {

  /** Loads the charm in dir; the result has generation 0, the given ref and content digest. */
  CharmInfo load(String charm, Path dir, CharmRef ref, String sha256) throws CharmException {
    Optional<CharmcraftProject> project = CharmcraftProject.in(charm, dir);
    CharmMetadata metadata = metadata(charm, dir, project);
    Map<String, ConfigOption> options =
        ConfigOptions.read(
            separateFile(charm, dir, "config.yaml")
                .or(() -> project.map(CharmcraftProject::config))
                .orElse(absent(charm, "config.yaml")));
    Map<String, CharmAction> actions =
        ActionDefinitions.read(
            separateFile(charm, dir, "actions.yaml")
                .or(() -> project.map(CharmcraftProject::actions))
                .orElse(absent(charm, "actions.yaml")),
            metadata.name());
    try {
      Set<String> hooks = hooks(dir.resolve("hooks"));
      boolean dispatch = Files.isRegularFile(dir.resolve("dispatch"));
      return new CharmInfo(
          0,
          metadata.name(),
          ref,
          sha256,
          metadata.containers(),
          hooks,
          dispatch,
          options,
          actions,
          metadata.peers(),
          metadata.storage());
    } catch (IOException e) {
      throw new CharmException(charm, "cannot read hooks: " + IoProblems.describe(e), true, e);
    }
  }

  /** The metadata of the charm in {@code dir}, from wherever the charm keeps it. */
  static CharmMetadata metadata(String charm, Path dir) throws CharmException {
    return metadata(charm, dir, CharmcraftProject.in(charm, dir));
  }

  private static CharmMetadata metadata(String charm, Path dir, Optional<CharmcraftProject> project)
      throws CharmException {
    CharmSection section =
        separateFile(charm, dir, "metadata.yaml")
            .or(
                () ->
                    project.filter(CharmcraftProject::hasMetadata).map(CharmcraftProject::metadata))
            .orElseThrow(
                () ->
                    new CharmException(
                        charm,
                        project.isPresent()
                            ? "not a charm: no metadata.yaml, and charmcraft.yaml has no \"name\""
                            : "not a charm: no metadata.yaml or charmcraft.yaml",
                        false));
    return CharmMetadata.read(section);
  }

  /** The whole of {@code name} when the charm has that file. */
  private static Optional<CharmSection> separateFile(String charm, Path dir, String name)
      throws CharmException {
    Path file = dir.resolve(name);
    if (!Files.isRegularFile(file)) return Optional.empty();
    return Optional.of(new CharmSection(charm, name, CharmYaml.read(charm, file)));
  }

  private static CharmSection absent(String charm, String where) {
    return new CharmSection(charm, where, null);
  }

  /**
   * Hook files directly under hooks/ (links followed: ops charms link {@code hooks/install ->
   * ../src/charm.py}), with or without the execute bit: every copy the charm runs from is made
   * executable ({@link RunnableFiles}). Files whose names no hook has ({@code README}, {@code
   * common.sh}) are helpers, not hooks.
   */
  private static Set<String> hooks(Path hooksDir) throws IOException {
    Set<String> hooks = new HashSet<>();
    if (!Files.isDirectory(hooksDir, LinkOption.NOFOLLOW_LINKS)) return hooks;
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(hooksDir)) {
      for (Path entry : entries) {
        String name = entry.getFileName().toString();
        if (RunnableFiles.couldBeHook(name) && Files.isRegularFile(entry)) hooks.add(name);
      }
    }
    return hooks;
  }
}
