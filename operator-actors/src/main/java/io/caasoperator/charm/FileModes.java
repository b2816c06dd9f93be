package io.caasoperator.charm;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.EnumSet;
import java.util.Set;

/**
 * Unix permission bits of charm files. Hooks are runnable only when an execute bit survives
 * download, unpack and copy, so every step goes through these conversions.
 */
final class FileModes {
  private FileModes() {}

  private static final PosixFilePermission[] BY_BIT = {
    PosixFilePermission.OTHERS_EXECUTE, PosixFilePermission.OTHERS_WRITE,
        PosixFilePermission.OTHERS_READ,
    PosixFilePermission.GROUP_EXECUTE, PosixFilePermission.GROUP_WRITE,
        PosixFilePermission.GROUP_READ,
    PosixFilePermission.OWNER_EXECUTE, PosixFilePermission.OWNER_WRITE,
        PosixFilePermission.OWNER_READ,
  };

  /**
   * Any execute bit set, judged on the file's bits rather than the caller's access (root may run
   * anything).
   */
  static boolean isExecutable(Path path) throws IOException {
    Set<PosixFilePermission> perms = Files.getPosixFilePermissions(path);
    return perms.contains(PosixFilePermission.OWNER_EXECUTE)
        || perms.contains(PosixFilePermission.GROUP_EXECUTE)
        || perms.contains(PosixFilePermission.OTHERS_EXECUTE);
  }

  static Set<PosixFilePermission> fromMode(int mode) {
    Set<PosixFilePermission> perms = EnumSet.noneOf(PosixFilePermission.class);
    for (int bit = 0; bit < BY_BIT.length; bit++) {
      if ((mode & (1 << bit)) != 0) perms.add(BY_BIT[bit]);
    }
    return perms;
  }

  /**
   * The archive's or source's bits, plus owner read/write: the operator must be able to read every
   * file it deploys and delete old charm versions, whatever bits the author shipped.
   */
  static Set<PosixFilePermission> forDeployedFile(Set<PosixFilePermission> wanted) {
    Set<PosixFilePermission> perms =
        wanted.isEmpty() ? EnumSet.noneOf(PosixFilePermission.class) : EnumSet.copyOf(wanted);
    perms.add(PosixFilePermission.OWNER_READ);
    perms.add(PosixFilePermission.OWNER_WRITE);
    return perms;
  }
}
