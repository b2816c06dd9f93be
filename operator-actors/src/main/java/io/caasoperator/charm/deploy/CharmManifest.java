package io.caasoperator.charm.deploy;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * The paths a version of a charm places in a unit's charm directory: every directory, file and
 * symlink of the stored charm, relative to its root, with {@code /} between names. Juju's manifest
 * deployer keeps the same list per charm ({@code worker/uniter/charm/manifest_deployer.go}, {@code
 * Bundle.Manifest}) to tell the charm's files from the files the unit wrote.
 *
 * <p>Sorted, so a directory always comes before what it holds: writing the paths in order creates
 * every parent first.
 *
 * @param version the stored charm's directory name ({@code charms/<sha256>})
 * @param paths relative paths, sorted; each is checked to stay inside the charm directory
 */
record CharmManifest(String version, SortedSet<String> paths) {
  private static final Pattern VERSION = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");

  @JsonCreator
  CharmManifest(
      @JsonProperty("version") String version, @JsonProperty("paths") SortedSet<String> paths) {
    if (version == null || !VERSION.matcher(version).matches()) {
      throw new IllegalArgumentException("not a charm version: \"" + version + "\"");
    }
    this.version = version;
    TreeSet<String> checked = new TreeSet<>();
    for (String path : paths == null ? Set.<String>of() : paths) {
      String problem = problemOf(path);
      if (problem != null)
        throw new IllegalArgumentException("manifest path \"" + path + "\" " + problem);
      checked.add(path);
    }
    this.paths = Collections.unmodifiableSortedSet(checked);
  }

  /** Null when {@code path} names something inside the charm directory, else why not. */
  static String problemOf(String path) {
    if (path == null || path.isEmpty()) return "is empty";
    if (path.startsWith("/")) return "is absolute";
    for (String name : path.split("/", -1)) {
      if (name.isEmpty() || name.equals(".") || name.equals(".."))
        return "is not a plain relative path";
    }
    if (path.indexOf('\0') >= 0) return "holds a NUL character";
    return null;
  }

  /** Whether {@code version} can name a stored charm, and so a manifest file. */
  static boolean isVersion(String version) {
    return version != null && VERSION.matcher(version).matches();
  }

  /**
   * The manifest of the stored charm in {@code storedCharm}, without following symlinks (a charm's
   * links are placed as links).
   *
   * @throws IOException also when the charm holds something that is not a directory, file or
   *     symlink (the store never does: the unpacker refuses them)
   */
  static CharmManifest of(Path storedCharm) throws IOException {
    List<String> paths = new ArrayList<>();
    Files.walkFileTree(
        storedCharm,
        new SimpleFileVisitor<>() {
          @Override
          public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
            if (!dir.equals(storedCharm)) paths.add(relative(storedCharm, dir));
            return FileVisitResult.CONTINUE;
          }

          @Override
          public FileVisitResult visitFile(Path file, BasicFileAttributes attrs)
              throws IOException {
            if (!attrs.isRegularFile() && !attrs.isSymbolicLink()) {
              throw new IOException(file + ": not a file, directory or symlink");
            }
            paths.add(relative(storedCharm, file));
            return FileVisitResult.CONTINUE;
          }
        });
    return new CharmManifest(storedCharm.getFileName().toString(), new TreeSet<>(paths));
  }

  private static String relative(Path root, Path path) {
    return root.relativize(path).toString().replace(path.getFileSystem().getSeparator(), "/");
  }
}
