package io.caasoperator.files;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * Deletes a file or directory tree without following symlinks, so a charm's links (or a unit's
 * charm view) never lead it outside.
 */
public final class RecursiveDelete {
  private RecursiveDelete() {}

  public static void delete(Path path) throws IOException {
    if (!Files.exists(path, java.nio.file.LinkOption.NOFOLLOW_LINKS)) return;
    Files.walkFileTree(
        path,
        new SimpleFileVisitor<>() {
          @Override
          public FileVisitResult visitFile(Path file, BasicFileAttributes attrs)
              throws IOException {
            Files.delete(file);
            return FileVisitResult.CONTINUE;
          }

          @Override
          public FileVisitResult postVisitDirectory(Path dir, IOException failure)
              throws IOException {
            if (failure != null) throw failure;
            Files.delete(dir);
            return FileVisitResult.CONTINUE;
          }
        });
  }

  /** Best effort for clean-up after another failure: that failure is what the user must see. */
  public static void quietly(Path path) {
    try {
      delete(path);
    } catch (IOException ignored) {
      // Left for removePartialDownloads at the next start.
    }
  }
}
