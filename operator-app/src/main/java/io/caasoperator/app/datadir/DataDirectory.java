package io.caasoperator.app.datadir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.EnumSet;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The operator's data directory as a private place: created with mode 0700 (the journal holds
 * config values and action parameters, the admin token opens every route), and the journal's files
 * set to 0600. A directory that already exists with looser modes is left as it is (it may be shared
 * on purpose) but gets a warning that says how to close it.
 */
public final class DataDirectory {

  static final Set<PosixFilePermission> PRIVATE_DIR = PosixFilePermissions.fromString("rwx------");
  static final Set<PosixFilePermission> PRIVATE_FILE = PosixFilePermissions.fromString("rw-------");

  private DataDirectory() {}

  /**
   * Creates {@code dir} (and missing parents) with mode 0700, or checks the mode of an existing
   * one; a mode that lets others in is reported to {@code warnings}.
   */
  public static void prepare(Path dir, Consumer<String> warnings) {
    try {
      if (Files.isDirectory(dir)) {
        Set<PosixFilePermission> mode = Files.getPosixFilePermissions(dir);
        if (!openToOthers(mode).isEmpty()) {
          warnings.accept(
              "the data dir "
                  + dir
                  + " has mode "
                  + PosixFilePermissions.toString(mode)
                  + ": other users can read its journal and files; chmod 700 "
                  + dir
                  + " to make it private");
        }
        return;
      }
      Files.createDirectories(dir, PosixFilePermissions.asFileAttribute(PRIVATE_DIR));
      Files.setPosixFilePermissions(dir, PRIVATE_DIR); // whatever the umask made of it
    } catch (IOException e) {
      throw new UncheckedIOException(
          "cannot create the data dir " + dir + ": " + e.getMessage(), e);
    }
  }

  /** Sets every file of the H2 journal in {@code dir} ({@code <name>.*.db}) to mode 0600. */
  public static void makeJournalPrivate(Path dir, String journalName) {
    try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, journalName + ".*.db")) {
      for (Path file : files) Files.setPosixFilePermissions(file, PRIVATE_FILE);
    } catch (IOException e) {
      throw new UncheckedIOException(
          "cannot make the journal in " + dir + " private: " + e.getMessage(), e);
    }
  }

  private static Set<PosixFilePermission> openToOthers(Set<PosixFilePermission> mode) {
    Set<PosixFilePermission> others = EnumSet.noneOf(PosixFilePermission.class);
    others.addAll(mode);
    others.removeAll(
        EnumSet.of(
            PosixFilePermission.OWNER_READ,
            PosixFilePermission.OWNER_WRITE,
            PosixFilePermission.OWNER_EXECUTE));
    return others;
  }
}
