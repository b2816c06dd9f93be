package io.caasoperator.substrate.local;

import io.caasoperator.hook.ForwardingHookExecutor;
import io.caasoperator.hook.HookExecutor;
import io.caasoperator.hook.HookInvocation;
import io.caasoperator.hook.ProcessResult;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * The local substrate's hook executor: the local processes, except that a storage-attached hook
 * whose storage is a directory of the unit ({@code agents/unit-<app>-<n>/storage/<name>-<i>/}, see
 * {@link LocalSubstrate#storageLayout}) makes that directory first. The hook's own process does it
 * ({@code sh -c 'mkdir -p … && exec hook'}), so the directory is made where and when the hook runs,
 * on the executor's threads, and a cancelled hook makes nothing.
 *
 * @param delegate the local processes
 * @param agentsDir the units' directories ({@code agents/})
 */
record LocalStorageDirectories(HookExecutor delegate, Path agentsDir)
    implements ForwardingHookExecutor {

  static final String MAKE_THEN_RUN =
      "mkdir -p -- \"$JUJU_STORAGE_LOCATION\" && exec \"$0\" \"$@\"";

  LocalStorageDirectories {
    agentsDir = agentsDir.toAbsolutePath();
  }

  @Override
  public CompletionStage<ProcessResult> run(HookInvocation invocation) {
    return delegate.run(storageAttached(invocation) ? makingItsDirectory(invocation) : invocation);
  }

  private boolean storageAttached(HookInvocation invocation) {
    String hook = invocation.environment().getOrDefault("JUJU_HOOK_NAME", "");
    String location = invocation.environment().get("JUJU_STORAGE_LOCATION");
    return hook.endsWith("-storage-attached")
        && location != null
        && Path.of(location).startsWith(agentsDir);
  }

  private static HookInvocation makingItsDirectory(HookInvocation invocation) {
    List<String> command = new ArrayList<>(List.of("/bin/sh", "-c", MAKE_THEN_RUN));
    command.addAll(invocation.command());
    return new HookInvocation(
        invocation.unit(),
        invocation.unitDir(),
        invocation.charmDir(),
        command,
        invocation.environment(),
        invocation.timeout(),
        invocation.contextId(),
        invocation.outputLimit());
  }
}
