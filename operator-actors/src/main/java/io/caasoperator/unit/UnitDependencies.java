package io.caasoperator.unit;

import io.caasoperator.domain.RetryPolicy;
import io.caasoperator.hook.HookContexts;
import io.caasoperator.hook.HookEnvironment;
import io.caasoperator.hook.HookExecutor;
import io.caasoperator.secret.Secrets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * What every UnitActor needs, validated once: every missing or invalid field is named in one error.
 *
 * @param executor runs hook processes (local processes, or inside the unit's pod)
 * @param agentsDir parent of the units' directories ({@code <data-dir>/agents})
 * @param charmsDir where deployed charms live ({@code <data-dir>/charms/<sha256>})
 * @param environment builds each hook's environment
 * @param retry how long to wait before retrying a failed hook
 * @param hookTimeout a hook running longer is killed (with its whole process tree) and fails
 * @param outputLimit bytes of each output stream kept per hook
 * @param execOutputLimit bytes of each output stream kept per exec (returned to the caller)
 * @param contexts where running hooks and execs register their hook-tool tokens
 * @param clock the time recorded in events (a fixed clock in tests)
 * @param podWait how long a started hook waits for its pod (Kubernetes) before it fails
 * @param toolViews where the unit actors publish their state for read-only hook-tool calls ({@link
 *     ToolViewAnswer}); the operator publishes the application's there too
 * @param secrets the application's secrets: what hook tools read, and the store a completed hook's
 *     secret changes are committed to ({@link Secrets#NONE}: no secret tools)
 */
public record UnitDependencies(
    HookExecutor executor,
    Path agentsDir,
    Path charmsDir,
    HookEnvironment environment,
    RetryPolicy retry,
    Duration hookTimeout,
    int outputLimit,
    int execOutputLimit,
    HookContexts contexts,
    Clock clock,
    PodWait podWait,
    ToolViews toolViews,
    Secrets secrets) {

  public UnitDependencies {
    List<String> problems = new ArrayList<>();
    if (executor == null) problems.add("hook executor is missing");
    if (agentsDir == null) problems.add("agents directory is missing");
    if (charmsDir == null) problems.add("charms directory is missing");
    if (environment == null) problems.add("hook environment is missing");
    if (retry == null) problems.add("retry policy is missing");
    if (hookTimeout == null || hookTimeout.isNegative() || hookTimeout.isZero())
      problems.add("hook timeout must be > 0");
    if (outputLimit <= 0) problems.add("hook output limit must be > 0");
    if (execOutputLimit <= 0) problems.add("exec output limit must be > 0");
    if (contexts == null) problems.add("hook context registry is missing");
    if (clock == null) problems.add("clock is missing");
    if (podWait == null) problems.add("pod wait is missing");
    if (toolViews == null) problems.add("tool views are missing");
    if (secrets == null) problems.add("secrets are missing");
    if (!problems.isEmpty())
      throw new IllegalArgumentException("unit dependencies: " + String.join("; ", problems));
  }

  /**
   * The same, with another environment (the model's identity in it, once known). Fresh views, as
   * before secrets came: keeping these enables the read-only answering path after the model is
   * identified, which labels an action's juju-log lines "exec" (ToolViewAnswer); left to the
   * hook-tool work to decide.
   */
  public UnitDependencies withEnvironment(HookEnvironment newEnvironment) {
    return with(newEnvironment, new ToolViews(), secrets);
  }

  /** The same, with these secrets. */
  public UnitDependencies withSecrets(Secrets newSecrets) {
    return with(environment, toolViews, newSecrets);
  }

  private UnitDependencies with(
      HookEnvironment newEnvironment, ToolViews newToolViews, Secrets newSecrets) {
    return new UnitDependencies(
        executor,
        agentsDir,
        charmsDir,
        newEnvironment,
        retry,
        hookTimeout,
        outputLimit,
        execOutputLimit,
        contexts,
        clock,
        podWait,
        newToolViews,
        newSecrets);
  }

  public Path unitDir(io.caasoperator.domain.UnitId unit) {
    return agentsDir.resolve(unit.tag());
  }
}
