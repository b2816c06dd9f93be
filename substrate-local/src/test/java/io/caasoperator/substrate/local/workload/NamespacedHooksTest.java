package io.caasoperator.substrate.local.workload;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.domain.UnitId;
import io.caasoperator.hook.HookExecutor;
import io.caasoperator.hook.HookInvocation;
import io.caasoperator.hook.ProcessResult;
import io.caasoperator.testing.TestUnits;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NamespacedHooksTest {
  @TempDir Path unitDir;

  /** Keeps what it was asked to run. */
  private static final class Recording implements HookExecutor {
    final AtomicReference<HookInvocation> ran = new AtomicReference<>();

    @Override
    public CompletionStage<ProcessResult> run(HookInvocation invocation) {
      ran.set(invocation);
      return TestUnits.SUCCEEDING.run(invocation);
    }
  }

  private HookInvocation hook() {
    return new HookInvocation(
        UnitId.of("web", 0),
        unitDir,
        Path.of("/charms/abc"),
        List.of("/u/charm/dispatch"),
        Map.of("JUJU_UNIT_NAME", "web/0"),
        Duration.ofMinutes(1),
        "ctx-1",
        1024);
  }

  @TempDir Path sockets;

  @Test
  void aHookRunsInTheUnitsViewWithTheShortSocketDirectoryOfEachContainerThatHasOne()
      throws Exception {
    Files.createDirectories(unitDir.resolve("containers"));
    Path web = Files.createDirectory(sockets.resolve("0123456789ab"));
    Path db = Files.createDirectory(sockets.resolve("ba9876543210"));
    Files.createSymbolicLink(unitDir.resolve("containers/web"), web);
    Files.createSymbolicLink(unitDir.resolve("containers/db"), db);
    // after a reboot, before its Pebble starts again: a link to nothing
    Files.createSymbolicLink(unitDir.resolve("containers/cache"), sockets.resolve("gone"));
    Recording delegate = new Recording();
    MountNamespace namespace =
        new MountNamespace(List.of(new MountNamespace.RootEntry.Directory("usr")));
    new NamespacedHooks(delegate, namespace, Runnable::run).run(hook()).toCompletableFuture().get();

    HookInvocation ran = delegate.ran.get();
    assertThat(ran.command())
        .containsExactly(
            "bwrap",
            "--bind",
            "/usr",
            "/usr",
            "--bind",
            db.toRealPath().toString(),
            "/charm/containers/db",
            "--bind",
            web.toRealPath().toString(),
            "/charm/containers/web",
            "--",
            "/u/charm/dispatch");
    assertThat(ran.environment()).isEqualTo(hook().environment());
    assertThat(ran.contextId()).isEqualTo("ctx-1");
  }

  @Test
  void aUnitWithoutContainersRunsItsProcessesAsBeforeWithoutANamespace() throws Exception {
    Recording delegate = new Recording();
    new NamespacedHooks(delegate, new MountNamespace(List.of()), Runnable::run)
        .run(hook())
        .toCompletableFuture()
        .get();
    assertThat(delegate.ran.get()).isEqualTo(hook());
  }
}
