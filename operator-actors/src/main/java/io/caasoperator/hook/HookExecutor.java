package io.caasoperator.hook;

import java.util.concurrent.CompletionStage;

/**
 * Runs one hook (or exec'd command) for a unit and completes with its result. Implementations do
 * all blocking work on their own threads; the stage never completes on the caller's thread
 * synchronously with blocking I/O.
 */
public interface HookExecutor {
  /**
   * Runs the invocation. The stage completes exceptionally with {@link UnitNotReady} when the
   * process cannot run yet where it must (nothing ran; the caller decides when to try again); with
   * any other exception when the executor itself failed.
   */
  CompletionStage<ProcessResult> run(HookInvocation invocation);

  /**
   * Kills the process tree of that context, if it runs, also when an earlier operator process
   * started it (an interrupted hook about to run again). Never blocks the caller.
   */
  default void cancel(String contextId) {}

  /** Kills every process this executor started (shutdown); returns how many were killed. */
  default int killAll() {
    return 0;
  }
}
