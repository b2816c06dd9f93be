package io.caasoperator.hook;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotLinkException;
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

  /**
   * Points {@code unitDir/charm} at {@code charmDir}, creating the unit directory when missing;
   * does nothing when it already does (called before every hook).
   */
  static void pointAt(Path unitDir, Path charmDir) throws IOException {
    Path link = unitDir.resolve(NAME);
    Path target = charmDir.toAbsolutePath().normalize();
    try {
      if (Files.readSymbolicLink(link).equals(target)) return; // the usual case: one system call
    } catch (NoSuchFileException | NotLinkException e) {
      Files.createDirectories(unitDir); // a new unit; or something else took the name, replaced below
    }
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
