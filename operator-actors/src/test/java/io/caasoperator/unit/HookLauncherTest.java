package io.caasoperator.unit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.caasoperator.action.ActionRun;
import io.caasoperator.domain.CharmInfo;
import io.caasoperator.domain.CharmRef;
import io.caasoperator.domain.UnitId;
import io.caasoperator.hook.HookContexts;
import io.caasoperator.hook.ProcessResult;
import io.caasoperator.persistence.HookKind;
import io.caasoperator.persistence.PlannedHook;
import io.caasoperator.testing.ScriptedExecutor;
import io.caasoperator.testing.TestUnits;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a hook or exec process of a unit is started with, and how long its token works. */
class HookLauncherTest {
  private static final UnitId UNIT = UnitId.of("mariadb", 1);
  private static final Path DATA = Path.of("target", "hook-launcher-test").toAbsolutePath();

  private final ScriptedExecutor executor = new ScriptedExecutor();
  private final UnitDependencies deps = TestUnits.dependencies(executor, DATA);
  private final HookContexts contexts = deps.contexts();
  private final HookLauncher launcher = new HookLauncher(UNIT, deps);

  private static CharmInfo charm(boolean dispatch) {
    return new CharmInfo(
        1,
        "mariadb",
        new CharmRef("/charms/mariadb", null, 1, false),
        "a".repeat(64),
        List.of("web"),
        Set.of("install", "web-pebble-ready"),
        dispatch,
        Map.of());
  }

  private static HookLauncher.Outcome await(CompletionStage<HookLauncher.Outcome> run)
      throws Exception {
    return run.toCompletableFuture().get(10, TimeUnit.SECONDS);
  }

  private static ProcessResult exit(int code) {
    return new ProcessResult(code, "", "", Duration.ofMillis(1), false, false, null);
  }

  @Test
  void theTokenWorksForItsUnitAndHookOnlyWhileTheProcessRuns() throws Exception {
    HookLauncher.Context context = launcher.hookContext("install");
    assertThat(contexts.lookup(context.token())).as("before the launch").isEmpty();

    var run = launcher.hook(context, PlannedHook.of(HookKind.INSTALL, 1, 1), charm(false));
    var call = executor.next();
    assertThat(contexts.lookup(context.token()))
        .contains(new HookContexts.HookContext(UNIT, context.contextId(), "install"));

    call.succeed();
    assertThat(await(run))
        .isInstanceOfSatisfying(
            HookLauncher.Outcome.Ran.class, ran -> assertThat(ran.result().succeeded()).isTrue());
    assertThat(contexts.lookup(context.token())).as("once the outcome is known").isEmpty();
    assertThat(contexts.running()).isZero();
  }

  @Test
  void aHookGetsJujusVariablesItsOwnContextAndTheHookTimeoutAndOutputLimit() {
    HookLauncher.Context context = launcher.hookContext("web-pebble-ready");
    launcher.hook(context, PlannedHook.pebbleReady("web", "start-1", 1, 1), charm(false));

    var invocation = executor.next().invocation();
    Path unitDir = DATA.resolve("agents/unit-mariadb-1");
    assertThat(invocation.environment())
        .containsEntry("JUJU_UNIT_NAME", "mariadb/1")
        .containsEntry("JUJU_HOOK_NAME", "web-pebble-ready")
        .containsEntry("JUJU_DISPATCH_PATH", "hooks/web-pebble-ready")
        .containsEntry("JUJU_WORKLOAD_NAME", "web")
        .containsEntry("JUJU_CONTEXT_ID", context.contextId())
        .containsEntry("JUJU_CHARM_DIR", unitDir.resolve("charm").toString())
        .containsEntry("CAAS_OPERATOR_CONTEXT_TOKEN", context.token())
        .doesNotContainKeys("JUJU_ACTION_NAME", "JUJU_ACTION_UUID", "JUJU_STORAGE_ID");
    assertThat(invocation.command())
        .containsExactly(unitDir.resolve("charm/hooks/web-pebble-ready").toString());
    assertThat(invocation.unitDir()).isEqualTo(unitDir);
    assertThat(invocation.charmDir()).isEqualTo(DATA.resolve("charms").resolve("a".repeat(64)));
    assertThat(invocation.contextId()).isEqualTo(context.contextId());
    assertThat(invocation.timeout()).isEqualTo(deps.hookTimeout());
    assertThat(invocation.outputLimit()).isEqualTo(deps.outputLimit());
  }

  @Test
  void aCharmWithDispatchRunsDispatchForEveryHook() {
    launcher.hook(
        launcher.hookContext("install"), PlannedHook.of(HookKind.INSTALL, 1, 1), charm(true));
    var invocation = executor.next().invocation();
    assertThat(invocation.command())
        .containsExactly(DATA.resolve("agents/unit-mariadb-1/charm/dispatch").toString());
    assertThat(invocation.environment()).containsEntry("JUJU_DISPATCH_PATH", "hooks/install");
  }

  @Test
  void anExecRunsItsCommandsWithBashWhereThereIsBashAndHasNoHookVariables() {
    HookLauncher.Context context = launcher.execContext();
    launcher.exec(context, "echo hi", Duration.ofSeconds(7), null, charm(false));

    var invocation = executor.next().invocation();
    assertThat(invocation.command())
        .containsExactly("/bin/sh", "-c", HookLauncher.EXEC_SHELL, "juju-exec", "echo hi");
    assertThat(invocation.environment())
        .containsEntry("JUJU_CONTEXT_ID", context.contextId())
        .containsEntry("JUJU_HOOK_NAME", "")
        .doesNotContainKeys("JUJU_DISPATCH_PATH", "JUJU_ACTION_NAME");
    assertThat(invocation.timeout()).isEqualTo(Duration.ofSeconds(7));
    assertThat(invocation.outputLimit()).isEqualTo(deps.execOutputLimit());
    assertThat(contexts.lookup(context.token()))
        .contains(new HookContexts.HookContext(UNIT, context.contextId(), null));
  }

  @Test
  void execsRunBashIsmsWhereBashIsAndFallBackToShWhereItIsNot(@TempDir Path empty)
      throws Exception {
    org.junit.jupiter.api.Assumptions.assumeTrue(
        java.nio.file.Files.isExecutable(Path.of("/bin/bash")), "bash is installed");
    String bashisms =
        "for i in $(seq 3); do printf '%s' \"$i\"; done; a=(x y); [[ ${a[1]} == y ]] && echo \" ${a[1]}\"";
    assertThat(runExec(bashisms, "/usr/bin:/bin")).isEqualTo(new String[] {"123 y\n", "0"});

    org.junit.jupiter.api.Assumptions.assumeFalse(
        Path.of("/bin/sh").toRealPath().endsWith("bash"), "/bin/sh is not bash");
    String[] sh = runExec("[[ 1 == 1 ]] && echo bash; echo sh", empty.toString());
    assertThat(sh[0])
        .as("without bash on PATH the commands run with sh, which has no [[")
        .isEqualTo("sh\n");
  }

  /** Runs {@link HookLauncher#execCommand} for real: stdout and exit code. */
  private static String[] runExec(String commands, String path) throws Exception {
    ProcessBuilder builder =
        new ProcessBuilder(HookLauncher.execCommand(commands)).redirectErrorStream(false);
    builder.environment().put("PATH", path);
    Process process = builder.start();
    String out =
        new String(
            process.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    assertThat(process.waitFor(10, TimeUnit.SECONDS)).isTrue();
    return new String[] {out, String.valueOf(process.exitValue())};
  }

  @Test
  void anExecRunAsAnActionGetsTheActionsNameAndItsContextIdAsTheActionId() {
    HookLauncher.Context context = launcher.execContext();
    launcher.exec(
        context,
        "./backup",
        Duration.ofSeconds(7),
        new ActionRun("backup", Map.of()),
        charm(false));
    assertThat(executor.next().invocation().environment())
        .containsEntry("JUJU_ACTION_NAME", "backup")
        .containsEntry("JUJU_ACTION_UUID", context.contextId())
        .containsEntry("JUJU_ACTION_TAG", "action-" + context.contextId());
  }

  @Test
  void aLaunchTheExecutorRefusesUnregistersTheTokenAndIsRethrown() {
    executor.throwOnceFor = UNIT.name();
    HookLauncher.Context context = launcher.hookContext("install");
    assertThatThrownBy(
            () -> launcher.hook(context, PlannedHook.of(HookKind.INSTALL, 1, 1), charm(false)))
        .hasMessage("executor broke");
    assertThat(contexts.lookup(context.token())).isEmpty();
  }

  @Test
  void aRunTheExecutorFailsEndsBrokenWithTheCauseAndItsTokenUnregistered() throws Exception {
    HookLauncher.Context context = launcher.hookContext("install");
    var run = launcher.hook(context, PlannedHook.of(HookKind.INSTALL, 1, 1), charm(false));
    executor
        .next()
        .result()
        .completeExceptionally(new IllegalStateException("exec API unreachable"));

    HookLauncher.Outcome outcome = await(run);
    assertThat(outcome).isEqualTo(new HookLauncher.Outcome.Broken("exec API unreachable"));
    assertThat(HookLauncher.execResult(outcome).startFailure())
        .isEqualTo("hook could not run: exec API unreachable");
    assertThat(contexts.lookup(context.token())).isEmpty();
  }

  @Test
  void aRunWhoseUnitIsNotReadyEndsSayingWhyAndCanBeLaunchedAgainInTheSameContextWithANewToken()
      throws Exception {
    executor.notReady(UNIT.name(), 1, "pod mariadb-1: neither charm-init nor workload is running");
    HookLauncher.Context first = launcher.hookContext("install");
    var run = launcher.hook(first, PlannedHook.of(HookKind.INSTALL, 1, 1), charm(false));

    assertThat(await(run))
        .isEqualTo(
            new HookLauncher.Outcome.NotReady(
                "pod mariadb-1: neither charm-init nor workload is running"));
    assertThat(contexts.lookup(first.token())).isEmpty();

    HookLauncher.Context again = launcher.again(first.contextId());
    assertThat(again.contextId()).isEqualTo(first.contextId());
    assertThat(again.token()).isNotEqualTo(first.token());
    launcher.hook(again, PlannedHook.of(HookKind.INSTALL, 1, 1), charm(false));
    assertThat(executor.next().invocation().environment())
        .containsEntry("CAAS_OPERATOR_CONTEXT_TOKEN", again.token());
    assertThat(contexts.lookup(again.token())).isPresent();
  }

  @Test
  void anExecWhoseUnitIsNotReadyEndsWithoutRunningAndSaysWhy() throws Exception {
    executor.notReady(UNIT.name(), 1, "unit mariadb/1 has no pod");
    var outcome =
        await(
            launcher.exec(
                launcher.execContext(), "true", Duration.ofSeconds(7), null, charm(false)));
    assertThat(HookLauncher.execResult(outcome).startFailure())
        .isEqualTo("unit mariadb/1 has no pod");
    assertThat(HookLauncher.execResult(outcome).succeeded()).isFalse();
  }

  @Test
  void cancellingKillsTheRunAndItsTokenStopsWorkingAtOnce() {
    HookLauncher.Context context = launcher.execContext();
    launcher.exec(context, "sleep 100", Duration.ofSeconds(7), null, charm(false));
    executor.next(); // runs, and is never completed by this executor

    launcher.cancel(context);
    assertThat(executor.cancelled).containsExactly(context.contextId());
    assertThat(contexts.lookup(context.token())).isEmpty();
  }

  @Test
  void everyRunHasItsOwnContextIdAndSecretToken() {
    var first = launcher.hookContext("install");
    var second = launcher.hookContext("install");
    assertThat(first.contextId()).startsWith("mariadb/1-install-").isNotEqualTo(second.contextId());
    assertThat(launcher.execContext().contextId()).startsWith("mariadb/1-exec-");
    assertThat(first.token()).matches("[0-9a-f]{48}").isNotEqualTo(second.token());
    assertThat(first.toString())
        .as("a context in a log line shows no token")
        .doesNotContain(first.token());
  }

  @Test
  void anExecIsJournaledByTheDigestOfItsCommandsNotTheirText() {
    assertThat(HookLauncher.digest("echo hi"))
        .isEqualTo("56a79f3b115448072387c2480044bfa2cf8f90e4f5fddd8c943b4e051b81f80b");
  }
}
