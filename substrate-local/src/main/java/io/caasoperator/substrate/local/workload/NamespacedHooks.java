package io.caasoperator.substrate.local.workload;

import io.caasoperator.hook.ForwardingHookExecutor;
import io.caasoperator.hook.HookExecutor;
import io.caasoperator.hook.HookInvocation;
import io.caasoperator.hook.ProcessResult;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;

/**
 * Runs every hook, action and exec of a unit in its {@link MountNamespace}, with the socket
 * directory of each container the unit has ({@link ContainerLayout#socketDir()}, named by the
 * unit's link {@link ContainerLayout#link()}) at {@code /charm/containers/<name>}. A container
 * whose directory is not there yet (no link, or a link to nothing after a reboot) is absent from
 * the view, as a container whose Pebble is not up has no socket: ops then reports it cannot
 * connect. A unit with no container directory at all runs its processes as before, without a
 * namespace (and its ~12 ms).
 *
 * @param delegate runs the wrapped command (local processes)
 * @param namespace the host's view, read once
 * @param blocking lists the unit's container directories (a directory read) off the caller's thread
 */
public record NamespacedHooks(HookExecutor delegate, MountNamespace namespace, Executor blocking)
    implements ForwardingHookExecutor {

  @Override
  public CompletionStage<ProcessResult> run(HookInvocation invocation) {
    return CompletableFuture.supplyAsync(() -> wrapped(invocation), blocking)
        .thenCompose(delegate::run);
  }

  private HookInvocation wrapped(HookInvocation invocation) {
    Map<String, Path> containers = new TreeMap<>();
    Path dir = invocation.unitDir().resolve("containers");
    try (DirectoryStream<Path> children = Files.newDirectoryStream(dir, Files::isDirectory)) {
      for (Path child : children) {
        // the short socket directory the link names is what is bound, not the long link itself
        try {
          containers.put(child.getFileName().toString(), child.toRealPath());
        } catch (NoSuchFileException gone) {
          // its Pebble went meanwhile: absent, as before it started
        }
      }
    } catch (NoSuchFileException e) {
      // no container yet
    } catch (IOException e) {
      throw new java.io.UncheckedIOException("cannot list " + dir, e);
    }
    // a unit without containers (a machine-style charm) pays nothing for a view it does not need
    if (containers.isEmpty()) return invocation;
    return new HookInvocation(
        invocation.unit(),
        invocation.unitDir(),
        invocation.charmDir(),
        namespace.wrap(invocation.command(), containers),
        invocation.environment(),
        invocation.timeout(),
        invocation.contextId(),
        invocation.outputLimit());
  }
}
