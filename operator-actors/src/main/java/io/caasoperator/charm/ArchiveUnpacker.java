package io.caasoperator.charm;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Enumeration;
import java.util.HashSet;
import java.util.Set;
import java.util.zip.ZipException;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipFile;

/**
 * Unpacks a {@code .charm}/{@code .zip} archive, refusing what a hostile archive could use to write
 * outside the charm or fill the disk: absolute paths and {@code ..} segments, entries written
 * through a symlink, symlinks leading out, too many entries, too many bytes (counted while
 * inflating, since an archive's declared sizes can lie), two entries of one name. Unix modes are
 * kept so hooks stay executable. Apache Commons Compress reads the archive: unlike {@link
 * java.util.zip.ZipFile} it gives each entry's "external attributes", where zip tools store the
 * unix mode (file type and permission bits); every refusal above is ours.
 */
final class ArchiveUnpacker {
  private static final int TYPE_MASK = 0170000;
  private static final int TYPE_DIRECTORY = 0040000;
  private static final int TYPE_REGULAR = 0100000;
  private static final int TYPE_SYMLINK = 0120000;

  /** "Version made by" hosts whose external attributes carry a unix mode: Unix and OS X. */
  private static final int HOST_UNIX = 3;

  private static final int HOST_OSX = 19;

  /** PATH_MAX: no sane link target is longer. */
  private static final int MAX_LINK_TARGET = 4096;

  private final UnpackLimits limits;

  ArchiveUnpacker(UnpackLimits limits) {
    this.limits = limits;
  }

  /** Unpacks archive into the existing empty directory target. */
  void unpack(String charm, Path archive, Path target) throws CharmException {
    Path root = target.toAbsolutePath().normalize();
    try (ZipFile zip =
        ZipFile.builder().setPath(archive).setCharset(StandardCharsets.UTF_8).get()) {
      long[] unpacked = {0};
      int count = 0;
      Set<String> names = new HashSet<>();
      for (Enumeration<ZipArchiveEntry> entries = zip.getEntries(); entries.hasMoreElements(); ) {
        ZipArchiveEntry entry = entries.nextElement();
        if (++count > limits.maxEntries()) throw tooManyEntries(charm);
        // Which of two bodies of one name is meant would be a guess.
        if (!names.add(entry.getName())) throw refused(charm, entry, "duplicate entry");
        try {
          unpackEntry(charm, zip, entry, unixMode(entry), root, unpacked);
        } catch (FileAlreadyExistsException e) {
          throw refused(charm, entry, "duplicate entry or clash with another entry");
        } catch (ZipException e) {
          throw refused(charm, entry, IoProblems.describe(e));
        } catch (IOException e) {
          // Writing failed (disk full, permissions): trying again later may work.
          throw new CharmException(
              charm,
              "archive entry \"" + entry.getName() + "\": " + IoProblems.describe(e),
              true,
              e);
        }
      }
    } catch (ZipException e) {
      throw new CharmException(
          charm, "not a valid charm archive: " + IoProblems.describe(e), false, e);
    } catch (IOException e) {
      throw new CharmException(charm, "cannot read archive: " + IoProblems.describe(e), true, e);
    }
    SymlinkGuard.checkTree(charm, root);
  }

  /** The entry's unix mode; 0 when the archive gives none (made on a host without one). */
  private static int unixMode(ZipArchiveEntry entry) {
    int host = entry.getPlatform();
    return host == HOST_UNIX || host == HOST_OSX ? (int) (entry.getExternalAttributes() >>> 16) : 0;
  }

  private void unpackEntry(
      String charm, ZipFile zip, ZipArchiveEntry entry, int mode, Path root, long[] unpacked)
      throws CharmException, IOException {
    String name = entry.getName();
    Path path = resolveInside(charm, entry, root);
    int type = mode & TYPE_MASK;
    if (path.equals(root)) return; // "./" and the like: the root exists already
    refuseSymlinkedParents(charm, entry, root, path.getParent());
    if (name.endsWith("/") || type == TYPE_DIRECTORY) {
      Files.createDirectories(path);
    } else if (type == TYPE_SYMLINK) {
      String linkTarget = new String(read(charm, zip, entry, unpacked), StandardCharsets.UTF_8);
      String problem = SymlinkGuard.lexicalProblem(root, path, linkTarget);
      if (problem != null) throw refused(charm, entry, problem);
      Files.createDirectories(path.getParent());
      Files.createSymbolicLink(path, Path.of(linkTarget));
    } else if (type == TYPE_REGULAR || type == 0) {
      Files.createDirectories(path.getParent());
      try (InputStream in = zip.getInputStream(entry);
          OutputStream out = Files.newOutputStream(path, StandardOpenOption.CREATE_NEW)) {
        byte[] buffer = new byte[64 * 1024];
        for (int n; (n = in.read(buffer)) > 0; ) {
          addBytes(charm, unpacked, n);
          out.write(buffer, 0, n);
        }
      }
      if (mode != 0) {
        Files.setPosixFilePermissions(path, FileModes.forDeployedFile(FileModes.fromMode(mode)));
      }
    } else {
      throw refused(
          charm, entry, "unsupported entry type (mode 0" + Integer.toOctalString(mode) + ")");
    }
  }

  /** Absolute names and any ".." segment are refused outright, even when they would land inside. */
  private static Path resolveInside(String charm, ZipArchiveEntry entry, Path root)
      throws CharmException {
    String name = entry.getName();
    if (name.isEmpty() || name.startsWith("/") || name.startsWith("\\")) {
      throw refused(charm, entry, "path escapes the charm");
    }
    for (String segment : name.split("[/\\\\]")) {
      if (segment.equals("..")) throw refused(charm, entry, "path escapes the charm");
    }
    Path path;
    try {
      path = root.resolve(name).normalize();
    } catch (InvalidPathException e) {
      throw refused(charm, entry, "invalid path");
    }
    if (!path.startsWith(root)) {
      throw refused(charm, entry, "path escapes the charm");
    }
    return path;
  }

  /**
   * An entry must not be written through a symlink unpacked earlier: a link to "." followed by
   * "link/../x" style tricks would otherwise place files outside while every name looks inside.
   */
  private static void refuseSymlinkedParents(
      String charm, ZipArchiveEntry entry, Path root, Path parent) throws CharmException {
    for (Path dir = parent;
        dir != null && !dir.equals(root) && dir.startsWith(root);
        dir = dir.getParent()) {
      if (Files.isSymbolicLink(dir)) throw refused(charm, entry, "path goes through a symlink");
    }
  }

  private byte[] read(String charm, ZipFile zip, ZipArchiveEntry entry, long[] unpacked)
      throws CharmException, IOException {
    try (InputStream in = zip.getInputStream(entry)) {
      byte[] bytes = in.readNBytes(MAX_LINK_TARGET + 1);
      if (bytes.length > MAX_LINK_TARGET) throw refused(charm, entry, "symlink target too long");
      addBytes(charm, unpacked, bytes.length);
      return bytes;
    }
  }

  private void addBytes(String charm, long[] unpacked, int n) throws CharmException {
    unpacked[0] += n;
    if (unpacked[0] > limits.maxUnpackedBytes()) {
      throw new CharmException(
          charm, "archive unpacks to more than " + limits.maxUnpackedBytes() + " bytes", false);
    }
  }

  private CharmException tooManyEntries(String charm) {
    return new CharmException(
        charm, "archive has more than " + limits.maxEntries() + " entries", false);
  }

  private static CharmException refused(String charm, ZipArchiveEntry entry, String problem) {
    return new CharmException(
        charm, "archive entry \"" + entry.getName() + "\": " + problem, false);
  }
}
