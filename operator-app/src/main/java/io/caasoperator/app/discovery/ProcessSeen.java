package io.caasoperator.app.discovery;

import java.time.Instant;
import java.util.Optional;

/**
 * What this machine says about a registered pid now: no such process, or one that started at a time
 * (when the platform says).
 */
public sealed interface ProcessSeen {

  /** No process has the pid: the operator that registered it ended without removing its file. */
  record Gone() implements ProcessSeen {}

  /** A process has the pid. */
  record Running(Optional<Instant> started) implements ProcessSeen {}

  /** Asks the kernel about {@code pid}. */
  static ProcessSeen of(long pid) {
    return ProcessHandle.of(pid)
        .filter(ProcessHandle::isAlive)
        .<ProcessSeen>map(p -> new Running(p.info().startInstant()))
        .orElseGet(Gone::new);
  }
}
