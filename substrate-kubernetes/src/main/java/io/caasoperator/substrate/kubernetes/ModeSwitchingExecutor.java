package io.caasoperator.substrate.kubernetes;

import io.caasoperator.hook.HookExecutor;
import io.caasoperator.hook.HookInvocation;
import io.caasoperator.hook.ProcessResult;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;

/**
 * Runs each hook where the application's deployment mode says at the moment it starts: in the
 * unit's pod ({@code workload}) or in the operator's process ({@code operator}). Reading the mode
 * per hook means a changed {@code spec.deploymentMode} applies from the next hook on, without a
 * restart; a running hook is never moved.
 */
final class ModeSwitchingExecutor implements HookExecutor {

  private final HookExecutor workload;
  private final HookExecutor operator;
  private final Supplier<DeploymentMode> mode;

  ModeSwitchingExecutor(
      HookExecutor workload, HookExecutor operator, Supplier<DeploymentMode> mode) {
    this.workload = workload;
    this.operator = operator;
    this.mode = mode;
  }

  @Override
  public CompletionStage<ProcessResult> run(HookInvocation invocation) {
    return (mode.get() == DeploymentMode.OPERATOR ? operator : workload).run(invocation);
  }

  /** Both: the context may have started under the other mode. */
  @Override
  public void cancel(String contextId) {
    workload.cancel(contextId);
    operator.cancel(contextId);
  }

  @Override
  public int killAll() {
    return workload.killAll() + operator.killAll();
  }
}
