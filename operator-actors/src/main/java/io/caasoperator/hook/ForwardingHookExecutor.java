package io.caasoperator.hook;

/**
 * An executor that changes how hooks run (a limit on how many at once, a mount namespace, a
 * directory made first) and hands their processes to {@link #delegate()}, which therefore is the
 * one to cancel and kill them.
 */
public interface ForwardingHookExecutor extends HookExecutor {

  /** The executor that runs, and so cancels and kills, the processes. */
  HookExecutor delegate();

  @Override
  default void cancel(String contextId) {
    delegate().cancel(contextId);
  }

  @Override
  default int killAll() {
    return delegate().killAll();
  }
}
