package io.caasoperator.pebble.services;

import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * A service's recent output, bounded in bytes (Pebble keeps 100 KiB per service in a ring buffer,
 * internals/servicelog): the oldest lines go first. Thread-safe.
 */
public final class LogRing {
  public static final int DEFAULT_MAX_BYTES = 100 * 1024;

  private final int maxBytes;
  private final Deque<LogEntry> entries = new ArrayDeque<>();
  private long bytes;

  public LogRing(int maxBytes) {
    if (maxBytes <= 0) {
      throw new IllegalArgumentException("maxBytes must be positive, not " + maxBytes);
    }
    this.maxBytes = maxBytes;
  }

  public synchronized void add(Instant time, String service, String line) {
    LogEntry e = new LogEntry(time, service, line);
    entries.addLast(e);
    bytes += size(e);
    while (bytes > maxBytes && entries.size() > 1) {
      bytes -= size(entries.removeFirst());
    }
  }

  /** The last {@code n} lines, oldest first; all of them when {@code n} is negative. */
  public synchronized List<LogEntry> last(int n) {
    List<LogEntry> all = new ArrayList<>(entries);
    if (n < 0 || n >= all.size()) {
      return all;
    }
    return List.copyOf(all.subList(all.size() - n, all.size()));
  }

  private static long size(LogEntry e) {
    return e.message().length() + 1L;
  }
}
