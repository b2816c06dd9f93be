package io.caasoperator.charm.deploy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a directory holds, as text per relative path, to compare two directories in one assertion.
 */
final class Tree {
  private Tree() {}

  /**
   * Each path to {@code dir/}, {@code -> target} (a link) or {@code <perms> <content>} (a file);
   * links are not followed.
   */
  static Map<String, String> of(Path root) {
    Map<String, String> tree = new TreeMap<>();
    if (!Files.exists(root, LinkOption.NOFOLLOW_LINKS)) return tree;
    try {
      Files.walkFileTree(
          root,
          new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
              if (!dir.equals(root)) tree.put(root.relativize(dir).toString(), "dir/");
              return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs)
                throws IOException {
              String key = root.relativize(file).toString();
              if (attrs.isSymbolicLink()) {
                tree.put(key, "-> " + Files.readSymbolicLink(file));
              } else {
                tree.put(
                    key,
                    PosixFilePermissions.toString(Files.getPosixFilePermissions(file))
                        + " "
                        + Files.readString(file));
              }
              return FileVisitResult.CONTINUE;
            }
          });
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return tree;
  }
}
