package io.caasoperator.substrate.kubernetes;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermission;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;

/**
 * A tar of directories and regular files with their permission bits, which is all a charm, the
 * shims and a certificate need. The copy into a pod streams it to {@code tar -x} over exec, like
 * {@code kubectl cp}; Apache Commons Compress writes it (POSIX ustar, with a PAX header for a name
 * longer than ustar holds, as Go's {@code archive/tar} in {@code kubectl cp} does). Owners are 0,
 * times the epoch, so the same files give the same bytes. Symbolic links are skipped: the deployed
 * charm has none (the charm store refuses them on unpack).
 */
final class TarStream {

  private static final FileTime EPOCH = FileTime.from(Instant.EPOCH);

  private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

  /**
   * A record of 20 blocks, tar's own blocking factor. Commons Compress pads only to one block
   * unless told a block size (its "unspecified" size is 512), so it is told this one: see {@link
   * #finish}.
   */
  static final int RECORD = 20 * 512;

  private final TarArchiveOutputStream out = new TarArchiveOutputStream(bytes, RECORD, "UTF-8");

  TarStream() {
    out.setLongFileMode(TarArchiveOutputStream.LONGFILE_POSIX);
    out.setBigNumberMode(TarArchiveOutputStream.BIGNUMBER_POSIX);
  }

  /**
   * Adds {@code source} (a directory, recursively, or a file) under the archive name {@code name}.
   */
  TarStream add(String name, Path source) throws IOException {
    if (Files.isDirectory(source, LinkOption.NOFOLLOW_LINKS)) {
      put(entry(name + "/", mode(source, 0755), 0), null);
      List<Path> children;
      try (Stream<Path> list = Files.list(source)) {
        children = list.sorted().toList();
      }
      for (Path child : children) add(name + "/" + child.getFileName(), child);
    } else if (Files.isRegularFile(source, LinkOption.NOFOLLOW_LINKS)) {
      file(name, Files.readAllBytes(source), mode(source, 0644));
    }
    return this;
  }

  /** Adds a regular file with this content. */
  TarStream file(String name, byte[] content, int mode) {
    put(entry(name, mode, content.length), content);
    return this;
  }

  /**
   * The archive, ended with the two zero blocks tar expects and zero-filled to a whole {@link
   * #RECORD} of 20 blocks, as tar itself writes one. GNU tar reads a pipe record by record and
   * waits for a full one before it ends; over exec stdin never reaches end of file while the
   * connection is open (fabric8 speaks {@code v4.channel.k8s.io}, which has no close signal), so an
   * archive cut short of a record would leave {@code tar -x} in the pod waiting until the copy
   * timed out ({@code Fabric8PodExecTest} streams one).
   */
  byte[] finish() {
    try {
      out.finish();
      out.close();
    } catch (IOException e) {
      throw new UncheckedIOException(e); // cannot happen: it writes to memory
    }
    return bytes.toByteArray();
  }

  private static TarArchiveEntry entry(String name, int mode, long size) {
    TarArchiveEntry entry = new TarArchiveEntry(name);
    entry.setMode((name.endsWith("/") ? TarArchiveEntry.DEFAULT_DIR_MODE & ~0777 : 0100000) | mode);
    entry.setSize(size);
    entry.setIds(0, 0);
    entry.setUserName("");
    entry.setGroupName("");
    entry.setLastModifiedTime(EPOCH);
    return entry;
  }

  private void put(TarArchiveEntry entry, byte[] content) {
    try {
      out.putArchiveEntry(entry);
      if (content != null) out.write(content);
      out.closeArchiveEntry();
    } catch (IOException e) {
      throw new UncheckedIOException(e); // cannot happen: it writes to memory
    }
  }

  private static int mode(Path path, int fallback) {
    try {
      Set<PosixFilePermission> permissions =
          Files.getPosixFilePermissions(path, LinkOption.NOFOLLOW_LINKS);
      int mode = 0;
      for (PosixFilePermission p : permissions) mode |= 1 << (8 - p.ordinal());
      return mode;
    } catch (UnsupportedOperationException | IOException e) {
      return fallback;
    }
  }
}
