package io.caasoperator.charm;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;

/**
 * The sha256 naming a charm version. For an archive it is the digest of the file, so it matches
 * what {@code sha256sum} prints and what the user puts in the charm reference. For a directory
 * there is no file to hash, so it is a digest over every entry in sorted relative-path order: type,
 * path, executable bit and contents (or a symlink's target). Timestamps and owners are left out so
 * a copy of the directory has the same digest as the original.
 */
final class ContentDigest {
  private ContentDigest() {}

  static String ofFile(Path file) throws IOException {
    MessageDigest digest = sha256();
    try (InputStream in = Files.newInputStream(file)) {
      byte[] buffer = new byte[64 * 1024];
      for (int n; (n = in.read(buffer)) > 0; ) digest.update(buffer, 0, n);
    }
    return HexFormat.of().formatHex(digest.digest());
  }

  static String ofDirectory(Path root) throws IOException {
    MessageDigest digest = sha256();
    List<Path> entries;
    try (Stream<Path> walk = Files.walk(root)) {
      // Sorted by the '/'-joined relative path so the order never depends on the file system.
      entries =
          walk.filter(p -> !p.equals(root))
              .sorted((a, b) -> relative(root, a).compareTo(relative(root, b)))
              .toList();
    }
    for (Path entry : entries) {
      String path = relative(root, entry);
      if (Files.isSymbolicLink(entry)) {
        field(digest, 'l', path);
        lengthPrefixed(
            digest, Files.readSymbolicLink(entry).toString().getBytes(StandardCharsets.UTF_8));
      } else if (Files.isDirectory(entry, LinkOption.NOFOLLOW_LINKS)) {
        field(digest, 'd', path);
      } else if (Files.isRegularFile(entry, LinkOption.NOFOLLOW_LINKS)) {
        field(digest, FileModes.isExecutable(entry) ? 'x' : 'f', path);
        digest.update(longBytes(Files.size(entry)));
        try (InputStream in = Files.newInputStream(entry)) {
          byte[] buffer = new byte[64 * 1024];
          for (int n; (n = in.read(buffer)) > 0; ) digest.update(buffer, 0, n);
        }
      } else {
        throw new IOException(path + ": unsupported file type (not a file, directory or symlink)");
      }
    }
    return HexFormat.of().formatHex(digest.digest());
  }

  /** The path relative to the charm root with '/' separators, as it appears in an archive. */
  static String relative(Path root, Path entry) {
    StringBuilder out = new StringBuilder();
    for (Path name : root.relativize(entry)) {
      if (!out.isEmpty()) out.append('/');
      out.append(name);
    }
    return out.toString();
  }

  private static void field(MessageDigest digest, char type, String path) {
    digest.update((byte) type);
    lengthPrefixed(digest, path.getBytes(StandardCharsets.UTF_8));
  }

  // Lengths make the encoding unambiguous: no path or content can imitate an entry boundary.
  private static void lengthPrefixed(MessageDigest digest, byte[] bytes) {
    digest.update(longBytes(bytes.length));
    digest.update(bytes);
  }

  private static byte[] longBytes(long value) {
    return java.nio.ByteBuffer.allocate(Long.BYTES).putLong(value).array();
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java runtime has SHA-256", e);
    }
  }
}
