package io.caasoperator.app.datadir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Optional;

/**
 * {@code <data-dir>/lock}: one process at a time works on a data directory (an operator, or a CLI
 * command that opens its journal file). The lock is the kernel's ({@code fcntl} through {@link
 * FileChannel#tryLock}), so it dies with its process: a stale lock from a killed operator never
 * blocks a restart. The holder writes who it is into the file, for the message the next one gets;
 * the file itself stays.
 */
public final class DataDirLock implements AutoCloseable {

  public static final String FILE_NAME = "lock";

  private final Path file;
  private final FileChannel channel;
  private final FileLock lock;

  private DataDirLock(Path file, FileChannel channel, FileLock lock) {
    this.file = file;
    this.channel = channel;
    this.lock = lock;
  }

  /**
   * Takes the lock of {@code dataDir} (which must exist) for this process, described as {@code
   * holder} (e.g. {@code caas-operator run}); throws {@link DataDirInUse} naming the process that
   * holds it.
   */
  public static DataDirLock acquire(Path dataDir, String holder) throws DataDirInUse {
    Path file = dataDir.resolve(FILE_NAME);
    FileChannel channel = null;
    try {
      channel =
          FileChannel.open(
              file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
      FileLock lock = tryLock(channel);
      if (lock == null) {
        channel.close();
        throw new DataDirInUse(dataDir, holderOf(file));
      }
      channel.truncate(0);
      channel.write(
          ByteBuffer.wrap(
              ("pid " + ProcessHandle.current().pid() + " (" + holder + ")\n")
                  .getBytes(StandardCharsets.UTF_8)),
          0);
      return new DataDirLock(file, channel, lock);
    } catch (IOException e) {
      closeQuietly(channel);
      throw new UncheckedIOException(
          "cannot lock the data dir " + dataDir + " (" + file + "): " + e.getMessage(), e);
    }
  }

  /**
   * True while some process holds the lock of {@code dataDir}; false when nobody does or there is
   * no data dir.
   */
  public static boolean isHeld(Path dataDir) {
    Path file = dataDir.resolve(FILE_NAME);
    try (FileChannel channel =
        FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
      FileLock lock = tryLock(channel);
      if (lock == null) return true;
      lock.release();
      return false;
    } catch (NoSuchFileException e) {
      return false;
    } catch (IOException e) {
      throw new UncheckedIOException(
          "cannot read the lock of the data dir " + dataDir + ": " + e.getMessage(), e);
    }
  }

  /** Null when another process holds it; a lock held by this same process counts as held too. */
  private static FileLock tryLock(FileChannel channel) throws IOException {
    try {
      return channel.tryLock();
    } catch (OverlappingFileLockException e) {
      return null;
    }
  }

  private static Optional<String> holderOf(Path file) {
    try {
      String text = Files.readString(file, StandardCharsets.UTF_8).strip();
      return text.isEmpty() ? Optional.empty() : Optional.of(text);
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  private static void closeQuietly(FileChannel channel) {
    if (channel == null) return;
    try {
      channel.close();
    } catch (IOException ignored) {
      // already failing; the first problem is the one reported
    }
  }

  public Path file() {
    return file;
  }

  /** Releases the lock; the next process may take it. */
  @Override
  public void close() {
    try {
      if (lock.isValid()) lock.release();
    } catch (IOException ignored) {
      // the channel's close below releases it anyway
    }
    closeQuietly(channel);
  }
}
