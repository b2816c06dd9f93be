package io.caasoperator.hook;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.UUID;

/**
 * A unit's charm view: the symlink {@code unitDir/charm} pointing at a deployed charm. It is
 * replaced with one rename, so that whatever looks at it (a crash half way through the switch, a
 * person inspecting the unit) sees either the old charm or the new one, never a missing link.
 */
final class CharmView {

  static final String NAME = "charm";

  private CharmView() {}

  /** Points {@code unitDir/charm} at {@code charmDir}; does nothing when it already does. */
  static void pointAt(Path unitDir, Path charmDir) throws IOException {
    Path link = unitDir.resolve(NAME);
    Path target = charmDir.toAbsolutePath().normalize();
    if (Files.isSymbolicLink(link) && Files.readSymbolicLink(link).equals(target)) return;
    Path temporary = unitDir.resolve("." + NAME + "-" + UUID.randomUUID() + ".tmp");
    Files.createSymbolicLink(temporary, target);
    try {
      Files.move(
          temporary, link, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException e) {
      Files.deleteIfExists(temporary);
      throw e;
    }
  }
}
