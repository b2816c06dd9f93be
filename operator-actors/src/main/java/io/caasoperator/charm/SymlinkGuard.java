package io.caasoperator.charm;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * Keeps symlinks inside the charm. A hook run from a charm must not read or overwrite files of the
 * operator through a link such as {@code hooks/install -> /etc/passwd}; links inside the charm
 * ({@code hooks/install -> ../src/charm.py}, the usual ops layout) are fine.
 */
final class SymlinkGuard {
  private SymlinkGuard() {}

  /**
   * Null when a link placed at {@code link} with this target stays under {@code root} by its text
   * alone (absolute targets and targets climbing above the root escape), else the problem.
   */
  static String lexicalProblem(Path root, Path link, String target) {
    if (target.isEmpty()
        || target.startsWith("/")
        || Path.of(target).isAbsolute()
        || !link.getParent().resolve(target).normalize().startsWith(root)) {
      return "symlink to \"" + target + "\" escapes the charm";
    }
    return null;
  }

  /**
   * Checks every symlink under root, by text and, when the link resolves, by its real path: a chain
   * of links can climb out even when each one looks harmless on its own.
   *
   * @throws CharmException naming the first offending link relative to root
   */
  static void checkTree(String charm, Path root) throws CharmException {
    Path lexicalRoot = root.toAbsolutePath().normalize();
    try {
      Path realRoot = lexicalRoot.toRealPath();
      Files.walkFileTree(
          lexicalRoot,
          new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs)
                throws IOException {
              if (attrs.isSymbolicLink()) {
                String target = Files.readSymbolicLink(file).toString();
                String problem = lexicalProblem(lexicalRoot, file, target);
                if (problem == null
                    && Files.exists(file)
                    && !file.toRealPath().startsWith(realRoot)) {
                  problem = "symlink to \"" + target + "\" escapes the charm";
                }
                if (problem != null) {
                  throw new CharmRefusal(
                      "\"" + ContentDigest.relative(lexicalRoot, file) + "\": " + problem);
                }
              }
              return FileVisitResult.CONTINUE;
            }
          });
    } catch (CharmRefusal e) {
      throw new CharmException(charm, e.getMessage(), false);
    } catch (IOException e) {
      throw new CharmException(charm, "cannot check symlinks: " + IoProblems.describe(e), true, e);
    }
  }
}
