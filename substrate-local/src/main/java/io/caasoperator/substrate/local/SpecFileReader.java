package io.caasoperator.substrate.local;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Looks at the specification file without ever letting the file hold the caller up: it is checked
 * before it is opened, and read with a bound on both its size and the time it takes.
 *
 * <ul>
 *   <li>Links are followed: a link to a regular file is what a user means (a Kubernetes ConfigMap
 *       mount is a chain of links), and where it points is what is checked.
 *   <li>Anything but a regular file (a named pipe, a device, a directory) is refused without being
 *       opened: opening a named pipe blocks until someone writes to it, and a device may never end.
 *   <li>A file larger than {@link SpecFile#MAX_BYTES} is refused from its size alone, and at most
 *       one byte more is ever read (it may grow between the check and the read), so a huge file
 *       costs neither time nor memory.
 *   <li>The open and read run on a helper thread the caller waits for at most {@code timeout}: a
 *       file swapped for a named pipe between the check and the open, or a hung network mount,
 *       leaves that helper stuck, not the caller.
 * </ul>
 */
final class SpecFileReader {

  /** A local file of at most 1 MiB reads in milliseconds; this is only a bound for the stuck. */
  static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(5);

  /**
   * Reading threads: daemon threads kept for a minute, so a poll every quarter second reuses one; a
   * thread stuck on a file is left behind and another is made. Platform threads, since a virtual
   * thread stuck in a blocking open would hold one of the few carrier threads.
   */
  private static final ExecutorService READERS =
      Executors.newCachedThreadPool(
          task -> {
            Thread thread = new Thread(task, "spec-file-reader");
            thread.setDaemon(true);
            return thread;
          });

  private SpecFileReader() {}

  static SpecFileRead read(Path file) {
    return read(file, DEFAULT_TIMEOUT);
  }

  static SpecFileRead read(Path file, Duration timeout) {
    Stat stat;
    try {
      stat = Stat.of(file);
    } catch (NoSuchFileException e) {
      return new SpecFileRead.Missing();
    } catch (IOException e) {
      return unreadable(file, e);
    }
    String where = where(stat);
    SpecFileRead refused = refusal(file, stat);
    if (refused != null) return refused;
    byte[] content;
    try {
      content = readWithin(file, timeout);
    } catch (NoSuchFileException e) {
      return new SpecFileRead.Missing(); // deleted since the check
    } catch (IOException e) {
      // Replaced since the check (a named pipe renamed over it blocks the open): say what it is
      // now.
      try {
        SpecFileRead now = refusal(file, Stat.of(file));
        if (now != null) return now;
      } catch (IOException gone) {
        // the first problem is the one to report
      }
      return unreadable(file, e);
    }
    if (content.length > SpecFile.MAX_BYTES) {
      // It grew past the limit since the check (a write in progress): say how large it is now.
      long size;
      try {
        size = Math.max(Files.size(file), content.length);
      } catch (IOException e) {
        size = content.length;
      }
      return new SpecFileRead.Refused(SpecFile.tooLarge(file, size), "grown " + where);
    }
    String sha256 = sha256(content);
    return new SpecFileRead.Content(content, sha256, "content " + where + ", sha256 " + sha256);
  }

  private static String where(Stat stat) {
    return "size " + stat.size() + ", modified " + stat.modified() + ", file " + stat.fileKey();
  }

  /**
   * Why a file with these attributes is not read at all (not a regular file, too large); null if it
   * may be.
   */
  private static SpecFileRead refusal(Path file, Stat stat) {
    if (stat.special() != null) {
      return new SpecFileRead.Refused(
          "spec "
              + file
              + ": is "
              + stat.special()
              + ", not a regular file; the specification must be a regular file (or a link to one)",
          "special " + where(stat));
    }
    if (stat.size() > SpecFile.MAX_BYTES) {
      return new SpecFileRead.Refused(SpecFile.tooLarge(file, stat.size()), "large " + where(stat));
    }
    return null;
  }

  /**
   * The file's first {@code MAX_BYTES + 1} bytes, or an IOException saying the read did not finish
   * within {@code timeout}. Package-private so a test can show a stuck open is abandoned.
   */
  static byte[] readWithin(Path file, Duration timeout) throws IOException {
    Future<byte[]> reading =
        READERS.submit(
            () -> {
              try (InputStream in = Files.newInputStream(file)) {
                return in.readNBytes(Math.toIntExact(SpecFile.MAX_BYTES + 1));
              }
            });
    try {
      return reading.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
    } catch (TimeoutException e) {
      // Interrupting does not end a blocked open; the helper is abandoned, not waited for.
      reading.cancel(true);
      throw new IOException("reading it did not finish within " + timeout.toMillis() + " ms");
    } catch (ExecutionException e) {
      if (e.getCause() instanceof IOException io) throw io;
      throw new IOException(e.getCause().toString(), e.getCause());
    } catch (InterruptedException e) {
      reading.cancel(true);
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while reading it", e);
    }
  }

  private static SpecFileRead unreadable(Path file, IOException e) {
    String problem = "spec " + file + ": cannot read: " + describe(e);
    return new SpecFileRead.Refused(problem, "unreadable " + problem);
  }

  private static String describe(IOException e) {
    // NIO's messages are often just the path (AccessDeniedException: /x/app.yaml): name the kind.
    String message = e.getMessage() == null ? "" : e.getMessage();
    String kind =
        e.getClass()
            .getSimpleName()
            .replaceAll("Exception$", "")
            .replaceAll("([a-z])([A-Z])", "$1 $2")
            .toLowerCase(Locale.ROOT);
    if (e.getClass() == IOException.class) return message;
    return message.isBlank() ? kind : kind + ": " + message;
  }

  /**
   * One look at the file's attributes (following links), all from the same moment: a file renamed
   * over the path between two looks must not make a regular file read as a special one.
   *
   * @param special what the file is in words when it is not a regular file ("a named pipe (FIFO)"),
   *     null when it is one
   */
  private record Stat(String special, long size, FileTime modified, Object fileKey) {

    static Stat of(Path file) throws IOException {
      Map<String, Object> unix;
      try {
        unix = Files.readAttributes(file, "unix:mode,size,lastModifiedTime,fileKey");
      } catch (UnsupportedOperationException | IllegalArgumentException e) {
        // No unix view on this platform: the basic one tells regular files apart, in less detail.
        BasicFileAttributes basic = Files.readAttributes(file, BasicFileAttributes.class);
        String special =
            basic.isRegularFile() ? null : basic.isDirectory() ? "a directory" : "a special file";
        return new Stat(special, basic.size(), basic.lastModifiedTime(), basic.fileKey());
      }
      int mode = (Integer) unix.get("mode");
      String special =
          switch (mode & 0170000) {
            case 0100000 -> null;
            case 0040000 -> "a directory";
            case 0010000 -> "a named pipe (FIFO)";
            case 0020000 -> "a character device";
            case 0060000 -> "a block device";
            case 0140000 -> "a socket";
            default -> "a special file";
          };
      return new Stat(
          special,
          (Long) unix.get("size"),
          (FileTime) unix.get("lastModifiedTime"),
          unix.get("fileKey"));
    }
  }

  static String sha256(byte[] content) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(content));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-256", e);
    }
  }
}
