package io.caasoperator.substrate.local.workload;

import io.caasoperator.domain.UnitId;
import io.caasoperator.files.RecursiveDelete;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Optional;
import java.util.Set;

/**
 * The short directory of this operator's own where it binds every Unix socket (each unit
 * container's {@code pebble.socket}): {@code $XDG_RUNTIME_DIR/caas-operator/<id>} where the user
 * has a runtime directory, else {@code /tmp/caas-<uid>/<id>}, {@code <id>} a short hash of the data
 * directory (stable across restarts, different for two operators of one user). A Unix socket's path
 * must fit {@code sun_path} (108 bytes with its NUL), and the data directory, the application, the
 * unit number and the container name can each be longer than that on their own; under this root
 * every socket path has the same short length whatever they are: {@code <dir>/<12
 * hex>/pebble.socket}. The unit's hooks still find the socket at {@code
 * /charm/containers/<name>/pebble.socket}: that directory is bound there ({@link MountNamespace}).
 *
 * @param dir absolute; short enough that {@link #longestSocket} fits a Unix socket
 * @param owner the user (uid) the operator runs as, who alone may use the directory
 */
public record SocketRoot(Path dir, long owner) {
  /** The kernel's limit on a Unix socket's path (sun_path, 108 bytes with its terminating NUL). */
  public static final int SOCKET_PATH_LIMIT = 107;

  /** The socket's own name in its directory, as ops and Pebble name it. */
  public static final String SOCKET_NAME = "pebble.socket";

  /** Hex characters of a container's directory name (48 bits: no collision among 10^6). */
  static final int CONTAINER_ID_CHARS = 12;

  /** Hex characters of the data directory's id. */
  static final int OPERATOR_ID_CHARS = 10;

  private static final Set<PosixFilePermission> PRIVATE =
      PosixFilePermissions.fromString("rwx------");

  public SocketRoot {
    if (dir == null || !dir.isAbsolute())
      throw new IllegalArgumentException("socket directory must be absolute: " + dir);
    int longest = longestSocket(dir);
    if (longest > SOCKET_PATH_LIMIT)
      throw new IllegalArgumentException(
          "socket directory "
              + dir
              + " is too long: its sockets would have "
              + longest
              + " bytes, more than the "
              + SOCKET_PATH_LIMIT
              + " a Unix socket allows");
  }

  /**
   * Where an operator on {@code dataDir} binds its sockets. Pure: {@code runtimeDir} is the user's
   * {@code $XDG_RUNTIME_DIR} when it is usable ({@link #runtimeDir}), and it is passed over when it
   * is too long to leave room for the sockets; {@code /tmp/caas-<uid>} is the fallback, short
   * whatever the user's names are.
   */
  public static SocketRoot choose(Optional<Path> runtimeDir, long uid, Path dataDir) {
    String id = hex(dataDir.toAbsolutePath().normalize().toString(), OPERATOR_ID_CHARS);
    Optional<Path> underRuntime =
        runtimeDir
            .map(d -> d.resolve("caas-operator").resolve(id))
            .filter(d -> d.isAbsolute() && longestSocket(d) <= SOCKET_PATH_LIMIT);
    return new SocketRoot(underRuntime.orElse(Path.of("/tmp", "caas-" + uid, id)), uid);
  }

  /**
   * {@code $XDG_RUNTIME_DIR} when it names a directory of this user's that only this user may use,
   * as the XDG Base Directory Specification promises it (owned by the user, mode 0700); empty when
   * it is unset, or not such a directory (then the sockets go under {@code /tmp}).
   */
  public static Optional<Path> runtimeDir(String value, long uid) {
    if (value == null || value.isBlank()) return Optional.empty();
    Path dir = Path.of(value);
    if (!dir.isAbsolute()) return Optional.empty();
    return isPrivateDirectoryOf(dir, uid) ? Optional.of(dir) : Optional.empty();
  }

  /** The user this process runs as (its {@code /proc/self} is owned by it). */
  public static long currentUid() throws IOException {
    return ((Number) Files.getAttribute(Path.of("/proc/self"), "unix:uid")).longValue();
  }

  /** The longest socket path under {@code dir}, in bytes. */
  static int longestSocket(Path dir) {
    return (dir + "/" + "0".repeat(CONTAINER_ID_CHARS) + "/" + SOCKET_NAME)
        .getBytes(StandardCharsets.UTF_8)
        .length;
  }

  /**
   * The directory of {@code container}'s socket in {@code unit}: named by a hash, so neither the
   * unit's name nor the container's adds to the socket's path; the same after a restart.
   */
  public Path dirFor(UnitId unit, String container) {
    return dir.resolve(hex(unit.name() + "/" + container, CONTAINER_ID_CHARS));
  }

  /**
   * Makes the directory empty and private at start-up (blocking). Its parent ({@code caas-operator}
   * or {@code caas-<uid>}) is made with mode 0700 when missing, and refused when it is not this
   * user's private directory: in {@code /tmp} anyone may have made it first, to see or take the
   * sockets. What is left in the directory itself is an earlier run's (the data directory is
   * locked, so no other operator uses it): removed, links not followed.
   *
   * @throws IOException naming the directory and what is wrong with it
   */
  public void prepare() throws IOException {
    long uid = owner;
    Path parent = dir.getParent();
    if (!Files.exists(parent, LinkOption.NOFOLLOW_LINKS)) {
      Files.createDirectories(parent.getParent());
      try {
        Files.createDirectory(parent, PosixFilePermissions.asFileAttribute(PRIVATE));
      } catch (java.nio.file.FileAlreadyExistsException raced) {
        // made meanwhile: checked below like any other
      }
    }
    if (!isPrivateDirectoryOf(parent, uid)) {
      throw new IOException(
          "cannot keep sockets in "
              + parent
              + ": it is not a directory that only this user (uid "
              + uid
              + ") may use; remove it, or set XDG_RUNTIME_DIR to a private directory");
    }
    RecursiveDelete.delete(dir);
    Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(PRIVATE));
    // the umask may have taken bits the attribute asked for; none beyond them are given
    Files.setPosixFilePermissions(dir, PRIVATE);
  }

  private static boolean isPrivateDirectoryOf(Path dir, long uid) {
    try {
      PosixFileAttributes attributes =
          Files.readAttributes(dir, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
      long owner =
          ((Number) Files.getAttribute(dir, "unix:uid", LinkOption.NOFOLLOW_LINKS)).longValue();
      return attributes.isDirectory()
          && owner == uid
          && PRIVATE.containsAll(attributes.permissions())
          && Files.isWritable(dir);
    } catch (IOException | UnsupportedOperationException e) {
      return false;
    }
  }

  private static String hex(String text, int chars) {
    try {
      byte[] digest =
          MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(digest).substring(0, chars);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-256", e);
    }
  }

  @Override
  public String toString() {
    return dir.toString();
  }
}
