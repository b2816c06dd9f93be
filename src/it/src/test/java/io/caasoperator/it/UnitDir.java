package io.caasoperator.it;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A unit's directory, {@code <data-dir>/agents/unit-<app>-<n>/}: the hooks' {@code $HOME}, where
 * {@link TestCharm} hooks keep {@code hooks.log}. Hooks run in its {@code charm/}, the unit's own
 * copy of the charm.
 */
record UnitDir(Path path) {

  /** The directory of {@code unit} (such as {@code app/0}) under {@code dataDir}. */
  static UnitDir of(Path dataDir, String unit) {
    return new UnitDir(dataDir.resolve("agents").resolve("unit-" + unit.replace('/', '-')));
  }

  boolean exists() {
    return Files.isDirectory(path);
  }

  /** The hooks that started in this unit, in order; empty before the first hook. */
  List<String> hooks() {
    Path log = path.resolve("hooks.log");
    try {
      return Files.exists(log)
          ? Files.readAllLines(log).stream().filter(l -> !l.isBlank()).toList()
          : List.of();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Lets a {@link TestCharm#blocking} hook of this unit finish. */
  void release(String hook) {
    try {
      Files.writeString(path.resolve("release-" + hook), "");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
