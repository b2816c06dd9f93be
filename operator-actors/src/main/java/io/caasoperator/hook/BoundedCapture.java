package io.caasoperator.hook;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * Reads one output stream of a process to its end, keeping at most {@code limit} bytes. The excess
 * is read and dropped rather than left in the pipe: a process blocked on a full pipe would never
 * exit, and its hook would time out for the wrong reason.
 */
final class BoundedCapture implements Runnable {

  private final InputStream source;
  private final int limit;
  private final ByteArrayOutputStream kept = new ByteArrayOutputStream();
  private boolean truncated;

  BoundedCapture(InputStream source, int limit) {
    this.source = source;
    this.limit = Math.max(0, limit);
  }

  @Override
  public void run() {
    byte[] buffer = new byte[16 * 1024];
    try (source) {
      int n;
      while ((n = source.read(buffer)) != -1) {
        append(buffer, n);
      }
    } catch (IOException e) {
      // The pipe was closed under us (process killed): what was read so far is the output.
    }
  }

  private synchronized void append(byte[] buffer, int n) {
    int room = limit - kept.size();
    if (n > room) truncated = true;
    if (room > 0) kept.write(buffer, 0, Math.min(room, n));
  }

  /** The output so far; may be called while reading continues (a drain that never ends). */
  synchronized String text() {
    return kept.toString(StandardCharsets.UTF_8);
  }

  synchronized boolean truncated() {
    return truncated;
  }
}
