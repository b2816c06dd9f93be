package io.caasoperator.charm.deploy;

import java.io.IOException;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * Keeps this JVM from starting a process while it has a charm file open for writing. A process
 * started in that moment inherits the open file until it has exec'd (the JDK's spawn helper closes
 * inherited descriptors just before its exec); if a hook then runs the file just written, Linux
 * refuses with {@code ETXTBSY} ("Text file busy"), since the file is still open for writing
 * somewhere. Measured: about 1 in 100 first hooks failed so in a 1,000-unit deployment with 4 hooks
 * in parallel, before this fence. (Go's {@code os/exec} documents the same race, golang/go#22315.)
 *
 * <p>Writes exclude starts, and starts exclude writes; writes are short (one file) and rare (a
 * unit's first hook, an upgrade), starts are frequent, so starts share the lock among themselves
 * and writes take turns.
 */
public final class ExecutableWrites {
  private static final ReentrantReadWriteLock LOCK = new ReentrantReadWriteLock();

  private ExecutableWrites() {}

  /** An action on files that may throw. */
  @FunctionalInterface
  public interface FileAction<T> {
    T run() throws IOException;
  }

  /** Writes (creates, copies) one file while no process starts. */
  public static <T> T write(FileAction<T> write) throws IOException {
    LOCK.writeLock().lock();
    try {
      return write.run();
    } finally {
      LOCK.writeLock().unlock();
    }
  }

  /**
   * Starts a process while no file is being written. {@link ProcessBuilder#start()} returns once
   * the new process has exec'd its program, so it holds none of this JVM's files afterwards.
   */
  public static Process start(ProcessBuilder builder) throws IOException {
    LOCK.readLock().lock();
    try {
      return builder.start();
    } finally {
      LOCK.readLock().unlock();
    }
  }
}
