package io.caasoperator.substrate.local;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/** Named pipes for tests: made with mkfifo, and let go of by whatever opened them to read. */
final class Fifo {

  private Fifo() {}

  /** Makes a named pipe at {@code path}; returns {@code path}. */
  static Path make(Path path) throws IOException, InterruptedException {
    Process mkfifo =
        new ProcessBuilder("mkfifo", path.toString()).redirectErrorStream(true).start();
    String output = new String(mkfifo.getInputStream().readAllBytes());
    if (mkfifo.waitFor() != 0 || !Files.exists(path)) {
      throw new IOException("mkfifo " + path + " failed: " + output);
    }
    return path;
  }

  /**
   * Ends any open of the pipe for reading that is stuck waiting for a writer: Linux opens a pipe
   * for reading and writing at once without blocking, and that writer lets the reader through (it
   * then reads end of file). Harmless when nobody waits.
   */
  static void release(Path path) throws IOException {
    if (!Files.exists(path)) return;
    try (FileChannel ignored =
        FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
      // opening is all it takes
    }
  }
}
