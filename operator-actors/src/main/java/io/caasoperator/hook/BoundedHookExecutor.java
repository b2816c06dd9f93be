package io.caasoperator.hook;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * Limits how many hook processes run at once across all units. Waiting for a slot happens on a
 * virtual thread, never on the caller's (an actor's) thread. A limit of 1 gives the fully serial
 * behaviour some charms were written for.
 */
public final class BoundedHookExecutor implements HookExecutor {
  private final HookExecutor delegate;
  private final Semaphore slots;
  private final int limit;
  private final ExecutorService waiters = Executors.newVirtualThreadPerTaskExecutor();
  private volatile CompletableFuture<Void> admission = CompletableFuture.completedFuture(null);

  public BoundedHookExecutor(HookExecutor delegate, int maxConcurrentHooks) {
    if (maxConcurrentHooks < 1) {
      throw new IllegalArgumentException("max concurrent hooks must be >= 1, got " + maxConcurrentHooks);
    }
    this.delegate = delegate;
    this.slots = new Semaphore(maxConcurrentHooks, true);
    this.limit = maxConcurrentHooks;
  }

  /**
   * Hooks start only once {@code ready} completes: the operator's listener, which every hook
   * tool calls, must be up before the first hook runs. Until then runs wait (no thread held).
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
    // a free slot is taken at once; only a hook that must queue costs a waiting thread
    CompletableFuture<Void> slot = slotFreeNow()
        ? CompletableFuture.completedFuture(null)
        : CompletableFuture.runAsync(slots::acquireUninterruptibly, waiters);
    return slot.thenCompose(ignored -> {
          CompletionStage<ProcessResult> run;
          try {
            run = delegate.run(invocation);
          } catch (RuntimeException e) {
            slots.release();
            throw e;
          }
          return run.whenComplete((result, error) -> slots.release());
        });
  }

  /** Takes a slot if one is free and nobody queues for it (fair: never jumps the queue). */
  private boolean slotFreeNow() {
    try {
      return slots.tryAcquire(0, TimeUnit.NANOSECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  @Override
  public void cancel(String contextId) {
    delegate.cancel(contextId);
  }

  @Override
  public int killAll() {
    return delegate.killAll();
  }

  /** Hooks waiting for a slot now (an estimate); for metrics. */
  public int queuedHooks() {
    return slots.getQueueLength();
  }

  /** Processes holding a slot now; for metrics. */
  public int running() {
    return limit - slots.availablePermits();
  }

  /** Slots free now; for metrics. */
  public int availableSlots() {
    return slots.availablePermits();
  }
}
