package io.caasoperator.hook;

import java.util.concurrent.CompletionStage;

/**
 * Runs one hook (or exec'd command) for a unit and completes with its result. Implementations
 * do all blocking work on their own threads; the stage never completes on the caller's thread
 * synchronously with blocking I/O.
 */
public interface HookExecutor {
  CompletionStage<ProcessResult> run(HookInvocation invocation);
}
