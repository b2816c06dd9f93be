package io.caasoperator.charm;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * Copies a directory charm into the charms directory: files with their permission bits (so hooks
 * stay executable), symlinks as symlinks (never followed), under the same limits as an archive so a
 * mistyped path such as {@code /} cannot fill the disk.
 */
final class DirectoryCopier {
  private final UnpackLimits limits;

  DirectoryCopier(UnpackLimits limits) {
    this.limits = limits;
  }

  /** Copies the contents of source into the existing empty directory target. */
  void copy(String charm, Path source, Path target) throws CharmException {
    var counts = new long[2]; // entries, bytes
    try {
      Files.walkFileTree(
          source,
          new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs)
                throws IOException {
              if (!dir.equals(source)) {
                count(dir);
                Files.createDirectory(target.resolve(source.relativize(dir)));
              }
              return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs)
                throws IOException {
              count(file);
              Path to = target.resolve(source.relativize(file));
              if (attrs.isSymbolicLink()) {
                Files.createSymbolicLink(to, Files.readSymbolicLink(file));
              } else if (attrs.isRegularFile()) {
                copyFile(file, to);
              } else {
                throw new CharmRefusal(
                    "\""
                        + ContentDigest.relative(source, file)
                        + "\": unsupported file type (not a file, directory or symlink)");
              }
              return FileVisitResult.CONTINUE;
            }

            private void count(Path entry) throws CharmRefusal {
              if (++counts[0] > limits.maxEntries()) {
                throw new CharmRefusal("charm has more than " + limits.maxEntries() + " entries");
              }
            }

            private void copyFile(Path from, Path to) throws IOException {
              try (InputStream in = Files.newInputStream(from, LinkOption.NOFOLLOW_LINKS);
                  OutputStream out = Files.newOutputStream(to, StandardOpenOption.CREATE_NEW)) {
                byte[] buffer = new byte[64 * 1024];
                for (int n; (n = in.read(buffer)) > 0; ) {
                  counts[1] += n;
                  if (counts[1] > limits.maxUnpackedBytes()) {
                    throw new CharmRefusal(
                        "charm is larger than " + limits.maxUnpackedBytes() + " bytes");
                  }
                  out.write(buffer, 0, n);
                }
              }
              Files.setPosixFilePermissions(
                  to, FileModes.forDeployedFile(Files.getPosixFilePermissions(from)));
            }
          });
    } catch (CharmRefusal e) {
      throw new CharmException(charm, e.getMessage(), false);
    } catch (IOException e) {
      throw new CharmException(charm, "cannot copy charm: " + IoProblems.describe(e), true, e);
    }
  }
}
