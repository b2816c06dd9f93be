package io.caasoperator.files;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.Charset;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * A file replaced whole or not at all: the content goes to a temporary file in the target's
 * directory, which is renamed over the target. A reader sees the old content or the new, never half
 * of it, and a failure (or a crash) leaves the old file as it was.
 *
 * <p>Without a mode the file gets the process's default permissions (as {@link Files#writeString}
 * gives them). With a mode, the temporary file is created owner-only and given the mode before the
 * rename, so a private file is never readable by others, not even briefly, and the mode is exact
 * whatever the umask. Nothing is fsynced: no caller needs the content to survive a power loss, only
 * a crash of the process.
 *
 * @param target the file to replace
 * @param mode its permissions on a POSIX file system; empty for the default ones
 * @param temporaryPrefix how the temporary file's name starts (a caller that sweeps up the
 *     temporaries a crash left behind recognises them by it)
 */
public record AtomicFile(
    Path target, Optional<Set<PosixFilePermission>> mode, String temporaryPrefix) {

  /** {@code rw-------}: for secrets and private state. */
  public static final Set<PosixFilePermission> OWNER_ONLY =
      PosixFilePermissions.fromString("rw-------");

  /**
   * Writes the file's content to {@code out}; the stream is closed by {@link AtomicFile}. What it
   * throws reaches the caller unchanged (a journal export's reader throws more than I/O errors).
   */
  @FunctionalInterface
  public interface Content<E extends Exception> {
    void writeTo(OutputStream out) throws IOException, E;
  }

  public AtomicFile {
    Objects.requireNonNull(target, "target");
    Objects.requireNonNull(mode, "mode");
    Objects.requireNonNull(temporaryPrefix, "temporaryPrefix");
    mode = mode.map(Set::copyOf);
  }

  /** {@code target} with default permissions and a hidden temporary {@code .<name>.<id>.tmp}. */
  public static AtomicFile at(Path target) {
    return new AtomicFile(target, Optional.empty(), "." + target.getFileName() + ".");
  }

  public AtomicFile withMode(Set<PosixFilePermission> newMode) {
    return new AtomicFile(target, Optional.of(newMode), temporaryPrefix);
  }

  public AtomicFile withTemporaryPrefix(String prefix) {
    return new AtomicFile(target, mode, prefix);
  }

  public void write(byte[] content) throws IOException {
    this.<IOException>write(out -> out.write(content));
  }

  public void write(String content, Charset charset) throws IOException {
    write(content.getBytes(charset));
  }

  /** Streams the content (e.g. an export too large to hold in memory) into place. */
  public <E extends Exception> void write(Content<E> content) throws IOException, E {
    Path directory = target.toAbsolutePath().getParent();
    Path temporary = directory.resolve(temporaryPrefix + UUID.randomUUID() + ".tmp");
    boolean posix = target.getFileSystem().supportedFileAttributeViews().contains("posix");
    try {
      if (mode.isPresent() && posix) {
        // Owner-only from creation: the content is never readable by others before the mode is set.
        Files.createFile(temporary, PosixFilePermissions.asFileAttribute(OWNER_ONLY));
      } else {
        Files.createFile(temporary);
      }
      try (OutputStream out = Files.newOutputStream(temporary)) {
        content.writeTo(out);
      }
      if (mode.isPresent()) applyMode(temporary, mode.get(), posix);
      move(temporary);
    } finally {
      Files.deleteIfExists(temporary);
    }
  }

  /** Set after creation, not as a creation attribute: the umask would narrow the latter. */
  private static void applyMode(Path file, Set<PosixFilePermission> mode, boolean posix)
      throws IOException {
    if (posix) {
      Files.setPosixFilePermissions(file, mode);
    } else if (mode.contains(PosixFilePermission.OWNER_EXECUTE)) {
      File plain = file.toFile();
      plain.setExecutable(true, !mode.contains(PosixFilePermission.OTHERS_EXECUTE));
    }
  }

  private void move(Path temporary) throws IOException {
    try {
      Files.move(
          temporary, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (AtomicMoveNotSupportedException e) {
      // Same directory, so only exotic file systems get here; a plain replace is the best left.
      Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING);
    }
  }
}
