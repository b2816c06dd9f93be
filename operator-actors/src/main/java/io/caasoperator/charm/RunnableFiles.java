package io.caasoperator.charm;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The files of a charm that are run: {@code dispatch}, the hooks under {@code hooks/} and the
 * action scripts under {@code actions/}. A charm taken from git, or zipped by hand, often has them
 * without the execute bit; Juju makes hooks executable when it expands a charm ({@code
 * internal/charm/charmarchive.go}, {@code fixHookFunc}) and a charm author expects it to run. So do
 * we, in the charm store and in every unit's copy: the charm is never refused or skipped for a
 * missing bit.
 */
public final class RunnableFiles {
  /**
   * Names Juju could run: hook names ({@code install}, {@code db-relation-joined}, {@code
   * web-pebble-ready}) and action names are lower-case letters, digits, {@code -} and {@code _}.
   * Anything else under {@code hooks/} ({@code README}, {@code common.sh}) is a helper, left as the
   * author shipped it.
   */
  private static final Pattern RUNNABLE_NAME = Pattern.compile("[a-z0-9][a-z0-9_-]*");

  private RunnableFiles() {}

  /** Whether a file at {@code relativePath} (with {@code /}) of a charm is run by Juju. */
  public static boolean isRunnable(String relativePath) {
    if (relativePath.equals("dispatch")) return true;
    int slash = relativePath.indexOf('/');
    if (slash < 0 || relativePath.indexOf('/', slash + 1) >= 0) return false;
    String dir = relativePath.substring(0, slash);
    return (dir.equals("hooks") || dir.equals("actions"))
        && RUNNABLE_NAME.matcher(relativePath.substring(slash + 1)).matches();
  }

  /** Whether a file name directly under {@code hooks/} could be a hook. */
  static boolean couldBeHook(String name) {
    return RUNNABLE_NAME.matcher(name).matches();
  }

  /**
   * The permissions with execute added wherever read is granted ({@code chmod +x} under a umask
   * that keeps what the author allowed): a file others may read, others may run.
   */
  public static Set<PosixFilePermission> runnable(Set<PosixFilePermission> permissions) {
    Set<PosixFilePermission> result = with(permissions, PosixFilePermission.OWNER_EXECUTE);
    if (result.contains(PosixFilePermission.GROUP_READ))
      result.add(PosixFilePermission.GROUP_EXECUTE);
    if (result.contains(PosixFilePermission.OTHERS_READ))
      result.add(PosixFilePermission.OTHERS_EXECUTE);
    return result;
  }

  /** A new set of {@code permissions} and {@code added}. */
  public static Set<PosixFilePermission> with(
      Set<PosixFilePermission> permissions, PosixFilePermission... added) {
    Set<PosixFilePermission> result = EnumSet.noneOf(PosixFilePermission.class);
    result.addAll(permissions);
    result.addAll(Arrays.asList(added));
    return result;
  }

  /**
   * Makes every runnable file of the charm in {@code root} executable. A runnable path that is a
   * symlink ({@code hooks/install -> ../src/charm.py}, the older ops layout) makes its target
   * executable, provided the target is a regular file inside {@code root}.
   *
   * @return how many files changed
   */
  public static int makeRunnable(Path root) throws IOException {
    Path realRoot = root.toRealPath();
    int changed = 0;
    changed += makeRunnable(realRoot, root.resolve("dispatch"));
    for (String dir : new String[] {"hooks", "actions"}) {
      Path parent = root.resolve(dir);
      if (!Files.isDirectory(parent, LinkOption.NOFOLLOW_LINKS)) continue;
      try (DirectoryStream<Path> entries = Files.newDirectoryStream(parent)) {
        for (Path entry : entries) {
          if (isRunnable(dir + "/" + entry.getFileName())) changed += makeRunnable(realRoot, entry);
        }
      }
    }
    return changed;
  }

  private static int makeRunnable(Path realRoot, Path file) throws IOException {
    if (!Files.isRegularFile(file)) return 0; // follows links: a dangling one is simply not run
    Path real = file.toRealPath();
    if (!real.startsWith(realRoot)) return 0; // never change a file outside the charm
    Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(real);
    Set<PosixFilePermission> wanted = runnable(permissions);
    if (wanted.equals(permissions)) return 0;
    Files.setPosixFilePermissions(real, wanted);
    return 1;
  }
}
