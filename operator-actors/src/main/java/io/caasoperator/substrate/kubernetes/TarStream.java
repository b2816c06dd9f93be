package io.caasoperator.substrate.kubernetes;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * A minimal POSIX ustar writer: directories and regular files with their permission bits, which is
 * all a charm, the shims and a certificate need. The copy into a pod streams this to {@code tar -x}
 * over exec, like {@code kubectl cp}; a library (commons-compress) for this much would be one more
 * dependency to keep aligned. Symbolic links are skipped: the deployed charm has none (the charm
 * store refuses them on unpack).
 */
final class TarStream {

  private static final int BLOCK = 512;

  /**
   * A record of 20 blocks, tar's default blocking factor. GNU tar reads a pipe record by record and
   * waits for a full one before it ends; over exec stdin never reaches end of file while the
   * connection is open (fabric8 speaks {@code v4.channel.k8s.io}, which has no close signal), so an
   * archive cut short of a record left {@code tar -x} in the pod waiting until the copy timed out.
   */
  static final int RECORD = 20 * BLOCK;

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();

  /**
   * Adds {@code source} (a directory, recursively, or a file) under the archive name {@code name}.
   */
  TarStream add(String name, Path source) throws IOException {
    if (Files.isDirectory(source, LinkOption.NOFOLLOW_LINKS)) {
      header(name + "/", 0, mode(source, 0755), '5');
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
    header(name, content.length, mode, '0');
    out.writeBytes(content);
    pad(content.length);
    return this;
  }

  /**
   * The archive, ended with the two zero blocks tar expects and zero-filled to a whole {@link
   * #RECORD}, as tar itself writes one.
   */
  byte[] finish() {
    out.writeBytes(new byte[2 * BLOCK]);
    int rest = out.size() % RECORD;
    if (rest != 0) out.writeBytes(new byte[RECORD - rest]);
    return out.toByteArray();
  }

  private void header(String name, long size, int mode, char type) {
    byte[] header = new byte[BLOCK];
    byte[] nameBytes = name.getBytes(StandardCharsets.UTF_8);
    if (nameBytes.length <= 100) {
      System.arraycopy(nameBytes, 0, header, 0, nameBytes.length);
    } else {
      // ustar: split at a '/' into prefix (155) and name (100).
      int split = name.lastIndexOf('/', name.length() - 2);
      while (split > 0
          && (name.substring(0, split).getBytes(StandardCharsets.UTF_8).length > 155
              || name.substring(split + 1).getBytes(StandardCharsets.UTF_8).length > 100)) {
        split = name.lastIndexOf('/', split - 1);
      }
      if (split <= 0)
        throw new IllegalArgumentException("path too long for a tar archive: " + name);
      byte[] prefix = name.substring(0, split).getBytes(StandardCharsets.UTF_8);
      byte[] rest = name.substring(split + 1).getBytes(StandardCharsets.UTF_8);
      System.arraycopy(rest, 0, header, 0, rest.length);
      System.arraycopy(prefix, 0, header, 345, prefix.length);
    }
    octal(header, 100, 8, mode);
    octal(header, 108, 8, 0);
    octal(header, 116, 8, 0);
    octal(header, 124, 12, size);
    octal(header, 136, 12, 0);
    header[156] = (byte) type;
    System.arraycopy("ustar\u000000".getBytes(StandardCharsets.US_ASCII), 0, header, 257, 8);
    for (int i = 148; i < 156; i++) header[i] = ' ';
    long sum = 0;
    for (byte b : header) sum += b & 0xff;
    octal(header, 148, 7, sum);
    header[155] = ' ';
    out.writeBytes(header);
  }

  private void pad(long size) {
    int rest = (int) (size % BLOCK);
    if (rest != 0) out.writeBytes(new byte[BLOCK - rest]);
  }

  /** Zero-padded octal, NUL-terminated, in a field of {@code length} bytes. */
  private static void octal(byte[] header, int offset, int length, long value) {
    String digits = Long.toOctalString(value);
    String padded = "0".repeat(Math.max(0, length - 1 - digits.length())) + digits;
    byte[] bytes = padded.getBytes(StandardCharsets.US_ASCII);
    System.arraycopy(bytes, 0, header, offset, Math.min(bytes.length, length - 1));
    header[offset + length - 1] = 0;
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
