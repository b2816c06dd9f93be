package io.caasoperator.hook;

import java.util.ArrayDeque;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Limits how many hook processes run at once across all units. Hooks that find no free slot wait in
 * a first-come, first-served queue of futures: no thread waits for them, and the actor that asked
 * is never blocked. A limit of 1 gives the fully serial behaviour some charms were written for.
 */
public final class BoundedHookExecutor implements ForwardingHookExecutor {
  private final HookExecutor delegate;
  private final int limit;
  private final Object lock = new Object();

  /** Guarded by {@link #lock}: slots taken now. */
  private int running;

  /** Guarded by {@link #lock}: hooks waiting for a slot, in the order they asked. */
  private final ArrayDeque<CompletableFuture<Void>> queue = new ArrayDeque<>();

  private volatile CompletableFuture<Void> admission = CompletableFuture.completedFuture(null);

  public BoundedHookExecutor(HookExecutor delegate, int maxConcurrentHooks) {
    if (maxConcurrentHooks < 1) {
      throw new IllegalArgumentException(
          "max concurrent hooks must be >= 1, got " + maxConcurrentHooks);
    }
    this.delegate = delegate;
    this.limit = maxConcurrentHooks;
  }

  /**
   * Hooks start only once {@code ready} completes: the operator's listener, which every hook tool
   * calls, must be up before the first hook runs. Until then runs wait (no thread held).
   */
  public void admitOnce(CompletionStage<?> ready) {
    admission = ready.toCompletableFuture().thenApply(ignored -> null);
  }

  @Override
  public CompletionStage<ProcessResult> run(HookInvocation invocation) {
    CompletableFuture<Void> open = admission;
    if (!open.isDone()) return open.thenCompose(ignored -> runAdmitted(invocation));
    return runAdmitted(invocation);
  }

  private CompletionStage<ProcessResult> runAdmitted(HookInvocation invocation) {
    return slot()
        .thenCompose(
            ignored -> {
              CompletionStage<ProcessResult> run;
              try {
                run = delegate.run(invocation);
              } catch (RuntimeException e) {
                release();
                throw e;
              }
              return run.whenComplete((result, error) -> release());
            });
  }

  /** A slot now if one is free and nobody queues for it; else a place at the end of the queue. */
  private CompletableFuture<Void> slot() {
    synchronized (lock) {
      if (running < limit && queue.isEmpty()) {
        running++;
        return CompletableFuture.completedFuture(null);
      }
      CompletableFuture<Void> waiting = new CompletableFuture<>();
      queue.add(waiting);
      return waiting;
    }
  }

  /** Hands the slot to the first in the queue, or frees it. */
  private void release() {
    CompletableFuture<Void> next;
    synchronized (lock) {
      next = queue.poll();
      if (next == null) running--;
    }
    // completed outside the lock: the next hook starts on this thread, and may release in turn
    if (next != null) next.complete(null);
  }

  @Override
  public HookExecutor delegate() {
    return delegate;
  }

  /** Hooks waiting for a slot now; for metrics. */
  public int queuedHooks() {
    synchronized (lock) {
      return queue.size();
    }
  }

  /** Processes holding a slot now; for metrics. */
  public int running() {
    synchronized (lock) {
      return running;
    }
  }

  /** Slots free now; for metrics. */
  public int availableSlots() {
    synchronized (lock) {
      return limit - running;
    }
  }
}
