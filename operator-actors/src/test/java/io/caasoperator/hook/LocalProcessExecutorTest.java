package io.caasoperator.hook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.caasoperator.domain.UnitId;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LocalProcessExecutorTest {

  private static final String PATH = "/usr/local/bin:/usr/bin:/bin";
  private static final UnitId UNIT = UnitId.of("hello", 0);
  private static final Duration BOUND = Duration.ofSeconds(20);

  @TempDir Path dir;
  private Path unitDir;
  private Path charmDir;
  // A unique owner per test, so killAll never touches another test's (or engineer's) processes.
  private final String owner = "test-" + UUID.randomUUID();
  private final LocalProcessExecutor executor = new LocalProcessExecutor(owner);

  @BeforeEach
  void charm() throws IOException {
    unitDir = dir.resolve("agents/unit-hello-0");
    charmDir = Files.createDirectories(dir.resolve("charms/one"));
    Files.writeString(charmDir.resolve("marker"), "one");
  }

  @AfterEach
  void reap() {
    executor.killAll();
  }

  @Test
  void reportsExitCodeAndStdoutAndStderrSeparately() throws Exception {
    ProcessResult result = run(sh("echo out; echo err >&2; exit 3"), Duration.ofSeconds(10), 1024);

    assertThat(result.exitCode()).isEqualTo(3);
    assertThat(result.stdout()).isEqualTo("out\n");
    assertThat(result.stderr()).isEqualTo("err\n");
    assertThat(result.timedOut()).isFalse();
    assertThat(result.truncated()).isFalse();
    assertThat(result.startFailure()).isNull();
    assertThat(result.succeeded()).isFalse();
  }

  @Test
  void environmentIsExactlyTheInvocationsPlusTheTwoTags() throws Exception {
    String context = newContextId();
    HookInvocation invocation =
        invocation(
            List.of("/usr/bin/env"),
            Map.of("PATH", PATH, "JUJU_UNIT_NAME", "hello/0"),
            Duration.ofSeconds(10),
            context,
            4096);

    ProcessResult result = resultOf(executor.run(invocation));

    Set<String> lines = Arrays.stream(result.stdout().split("\n")).collect(Collectors.toSet());
    assertThat(lines)
        .containsExactlyInAnyOrder(
            "PATH=" + PATH,
            "JUJU_UNIT_NAME=hello/0",
            "CAAS_OPERATOR_OWNER=" + owner,
            "CAAS_OPERATOR_CONTEXT=" + context);
  }

  @Test
  void inheritedVariablesAreAbsentUnlessGiven() throws Exception {
    HookInvocation invocation =
        invocation(
            List.of("/bin/sh", "-c", "echo \"[$PATH][$HOME]\""),
            Map.of(),
            Duration.ofSeconds(10),
            newContextId(),
            1024);

    ProcessResult result = resultOf(executor.run(invocation));

    assertThat(result.stdout()).endsWith("[]\n"); // no HOME from the operator's environment
  }

  @Test
  void runsInTheUnitsOwnCharmDirectoryCreatingItWhenMissing() throws Exception {
    assertThat(unitDir).doesNotExist();

    ProcessResult result = run(List.of("/bin/pwd", "-P"), Duration.ofSeconds(10), 1024);

    // As Juju's runner: the working directory is the charm directory, not the unit's.
    assertThat(result.stdout().trim()).isEqualTo(unitDir.resolve("charm").toRealPath().toString());
    assertThat(Files.isSymbolicLink(unitDir.resolve("charm")))
        .as("a copy, not a view of the store")
        .isFalse();
  }

  @Test
  void theUnitsCharmDirectoryIsUpgradedKeepingWhatTheUnitWrote() throws Exception {
    assertThat(
            run(sh("cat marker; echo event >> .unit-state.db"), Duration.ofSeconds(10), 1024)
                .stdout())
        .isEqualTo("one");

    Path newCharm = Files.createDirectories(dir.resolve("charms/two"));
    Files.writeString(newCharm.resolve("marker"), "two");
    charmDir = newCharm;
    ProcessResult result =
        run(sh("cat marker; echo; cat .unit-state.db"), Duration.ofSeconds(10), 1024);

    assertThat(result.stdout()).isEqualTo("two\nevent\n");
    try (var files = Files.list(unitDir)) {
      assertThat(files.map(p -> p.getFileName().toString()))
          .containsExactlyInAnyOrder("charm", ".charm-manifest-two");
    }
    assertThat(dir.resolve("charms/one/.unit-state.db"))
        .as("the stored charm is never written")
        .doesNotExist();
  }

  @Test
  void aUnitStillViewingTheSharedStoreGetsItsOwnCopyAndTheStoreIsUntouched() throws Exception {
    // The layout of earlier versions: unitDir/charm was a symlink into charms/<sha256>/.
    Files.createDirectories(unitDir);
    Files.createSymbolicLink(unitDir.resolve("charm"), charmDir);

    ProcessResult result =
        run(sh("cat marker; echo written-by-the-unit > marker"), Duration.ofSeconds(10), 1024);

    assertThat(result.stdout()).isEqualTo("one");
    assertThat(Files.isSymbolicLink(unitDir.resolve("charm"))).isFalse();
    assertThat(charmDir.resolve("marker")).hasContent("one");
  }

  @Test
  void aHookMayCallTheCharmsScriptsByRelativePath() throws Exception {
    Path script = Files.createDirectories(charmDir.resolve("scripts")).resolve("greet");
    Files.writeString(script, "#!/bin/sh\necho \"hello from $(basename \"$PWD\")\"\n");
    Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));

    ProcessResult result =
        run(List.of("/bin/bash", "-c", "./scripts/greet"), Duration.ofSeconds(10), 1024);

    assertThat(result.exitCode()).as(result.stderr()).isZero();
    assertThat(result.stdout()).isEqualTo("hello from charm\n");
  }

  @Test
  void aCharmThatCannotBeDeployedIsAStartFailureSayingWhy() throws Exception {
    Files.createDirectories(unitDir);
    Files.writeString(unitDir.resolve(".charm-deploying"), "not json");

    ProcessResult result = run(sh("echo never"), Duration.ofSeconds(10), 1024);

    assertThat(result.exitCode()).isEqualTo(-1);
    assertThat(result.startFailure())
        .startsWith("cannot deploy charm one into " + unitDir.resolve("charm") + ": ")
        .contains(".charm-deploying is damaged");
  }

  @Test
  void outputOverTheLimitIsTruncatedWithoutBlockingTheProcess() throws Exception {
    ProcessResult result =
        run(
            sh("head -c 10485760 /dev/zero | tr '\\0' a; echo done >&2"),
            Duration.ofSeconds(60),
            1000);

    assertThat(result.exitCode()).isZero();
    assertThat(result.timedOut()).isFalse();
    assertThat(result.truncated()).isTrue();
    assertThat(result.stdout()).hasSize(1000).matches("a+");
    assertThat(result.stderr()).isEqualTo("done\n");
  }

  @Test
  void timeoutKillsTheWholeTreeIncludingABackgroundedGrandchild() throws Exception {
    ProcessResult result =
        run(sh("sleep 100 & echo $!; echo started >&2; sleep 100"), Duration.ofSeconds(2), 1024);

    assertThat(result.timedOut()).isTrue();
    assertThat(result.exitCode()).isEqualTo(-1);
    // The tree is killed children first: the shell may live long enough to report its
    // foreground sleep's death ("Killed") before it is killed too.
    assertThat(result.stderr()).matches("started\n(Killed\n)?");
    long grandchild = Long.parseLong(result.stdout().trim());
    await().atMost(BOUND).until(() -> !running(grandchild));
  }

  @Test
  void aDaemonStartedByAHookOutlivesItUntilItsContextIsCancelled() throws Exception {
    String context = newContextId();
    ProcessResult result =
        executor
            .run(
                invocation(
                    sh("sleep 100 >/dev/null 2>&1 & echo $!"),
                    Map.of("PATH", PATH),
                    Duration.ofSeconds(30),
                    context,
                    1024))
            .toCompletableFuture()
            .get(BOUND.toSeconds(), TimeUnit.SECONDS);

    assertThat(result.exitCode()).isZero();
    long daemon = Long.parseLong(result.stdout().trim());
    assertThat(running(daemon)).isTrue(); // the workload a charm started stays up

    executor.cancel(context); // e.g. the hook was interrupted by a crash and runs again
    await().atMost(BOUND).until(() -> !running(daemon));
  }

  @Test
  void aMissingProgramIsReportedAsAStartFailure() throws Exception {
    ProcessResult result =
        run(List.of(dir.resolve("no-such-hook").toString()), Duration.ofSeconds(10), 1024);

    assertThat(result.exitCode()).isEqualTo(-1);
    assertThat(result.startFailure()).contains("no-such-hook");
    assertThat(result.succeeded()).isFalse();
  }

  @Test
  void aProgramThatIsNotExecutableIsReportedAsAStartFailure() throws Exception {
    Path hook = Files.writeString(dir.resolve("install"), "#!/bin/sh\necho hi\n");
    Files.setPosixFilePermissions(hook, PosixFilePermissions.fromString("rw-r--r--"));

    ProcessResult result = run(List.of(hook.toString()), Duration.ofSeconds(10), 1024);

    assertThat(result.exitCode()).isEqualTo(-1);
    assertThat(result.startFailure()).isNotNull();
  }

  @Test
  void runsOffTheCallersThread() {
    String context = newContextId();
    CompletableFuture<ProcessResult> stage = started("sleep 100", context);

    assertThat(stage).isNotDone();
    executor.cancel(context);
    await().atMost(BOUND).until(stage::isDone);
  }

  @Test
  void aCancelArrivingBeforeTheProcessStartedIsNotLost() throws Exception {
    String context = newContextId();
    CompletableFuture<ProcessResult> stage = started("sleep 100", context);

    executor.cancel(context); // at once: the virtual thread may not have started the process

    ProcessResult result = stage.get(BOUND.toSeconds(), TimeUnit.SECONDS);
    assertThat(result.succeeded()).isFalse();
  }

  @Test
  void killAllKillsTheTreesOfRunningHooksAndTheRunCompletes() throws Exception {
    CompletableFuture<ProcessResult> stage =
        started("sleep 100 & echo $! > child; echo $$ > pid; exec sleep 100", newContextId());
    Path cwd = unitDir.resolve("charm");
    await()
        .atMost(BOUND)
        .until(
            () ->
                Files.exists(cwd.resolve("pid"))
                    && !Files.readString(cwd.resolve("pid")).isBlank());
    long hook = Long.parseLong(Files.readString(cwd.resolve("pid")).trim());
    long child = Long.parseLong(Files.readString(cwd.resolve("child")).trim());

    int killed = executor.killAll();

    assertThat(killed).isGreaterThanOrEqualTo(2);
    await().atMost(BOUND).until(stage::isDone);
    assertThat(stage.get().succeeded()).isFalse();
    await().atMost(BOUND).until(() -> !running(hook) && !running(child));
  }

  @Test
  void cancelKillsOneContextOnly() throws Exception {
    String doomed = newContextId();
    CompletableFuture<ProcessResult> cancelled = started("sleep 100", doomed);
    CompletableFuture<ProcessResult> other = started("sleep 100", newContextId());
    await()
        .atMost(BOUND)
        .until(
            () ->
                !ProcessTree.tagged(LocalProcessExecutor.CONTEXT_VARIABLE + "=" + doomed)
                    .isEmpty());

    executor.cancel(doomed);

    await().atMost(BOUND).until(cancelled::isDone);
    assertThat(cancelled.get().succeeded()).isFalse();
    assertThat(other).isNotDone();
  }

  private ProcessResult run(List<String> command, Duration timeout, int limit) throws Exception {
    return resultOf(
        executor.run(invocation(command, Map.of("PATH", PATH), timeout, newContextId(), limit)));
  }

  /** A shell script started in the given context, with a minute to run; its result to come. */
  private CompletableFuture<ProcessResult> started(String script, String context) {
    return executor
        .run(invocation(sh(script), Map.of("PATH", PATH), Duration.ofSeconds(60), context, 1024))
        .toCompletableFuture();
  }

  private static ProcessResult resultOf(java.util.concurrent.CompletionStage<ProcessResult> stage)
      throws Exception {
    return stage.toCompletableFuture().get(BOUND.toSeconds() * 3, TimeUnit.SECONDS);
  }

  private HookInvocation invocation(
      List<String> command, Map<String, String> env, Duration timeout, String context, int limit) {
    return new HookInvocation(UNIT, unitDir, charmDir, command, env, timeout, context, limit);
  }

  private static List<String> sh(String script) {
    return List.of("/bin/sh", "-c", script);
  }

  private static String newContextId() {
    return "hello-0-" + UUID.randomUUID();
  }

  /** Alive and not a zombie: a killed, re-parented process may stay unreaped in a container. */
  private static boolean running(long pid) {
    Path stat = Path.of("/proc", Long.toString(pid), "stat");
    if (Files.exists(Path.of("/proc/self/stat"))) {
      try {
        String content = Files.readString(stat);
        char state = content.charAt(content.lastIndexOf(')') + 2);
        return state != 'Z' && state != 'X';
      } catch (IOException e) {
        return false;
      }
    }
    return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
  }
}
