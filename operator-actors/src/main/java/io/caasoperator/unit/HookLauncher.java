package io.caasoperator.unit;

import io.caasoperator.action.ActionRun;
import io.caasoperator.domain.CharmInfo;
import io.caasoperator.domain.UnitId;
import io.caasoperator.hook.HookContexts;
import io.caasoperator.hook.HookEnvironment;
import io.caasoperator.hook.HookInvocation;
import io.caasoperator.hook.ProcessResult;
import io.caasoperator.hook.RunningAction;
import io.caasoperator.hook.UnitNotReady;
import io.caasoperator.persistence.PlannedHook;
import io.caasoperator.persistence.UnitState;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;

/**
 * Starts the processes of one unit: its hooks ({@code dispatch}, else {@code hooks/<hook>}, in the
 * unit's charm view), its charm actions ({@code dispatch}, else {@code actions/<action>}) and its
 * exec'd commands (with bash where the unit has it, as {@code juju exec} runs them, else {@code
 * sh}: see {@link #EXEC_SHELL}), each with the environment Juju's runner gives ({@link
 * io.caasoperator.hook.HookEnvironment}), through the unit's {@link
 * io.caasoperator.hook.HookExecutor}.
 *
 * <p>Every run has a {@link Context}: a context id, which the unit journals before the process
 * starts and the executor tags the process tree with, and a secret token, which the process
 * presents to the hook-tool endpoint. The token is registered in {@link HookContexts} exactly while
 * the process runs: from just before the executor is asked until the run ends (or is cancelled, or
 * could not be launched), so a hook tool called by a stray child after its hook ended is refused.
 *
 * <p>Only the unit's actor calls it; what a run ended with comes back as an {@link Outcome} (never
 * as an exceptional stage), for the actor to pipe to itself.
 */
final class HookLauncher {

  /**
   * The ids of one hook or exec run.
   *
   * @param contextId {@code <unit>-<hook>-<random>} or {@code <unit>-exec-<random>}; journaled
   * @param token 48 hex digits, secret: in the process's environment only, never journaled or
   *     logged
   */
  record Context(String contextId, String token) {
    @Override
    public String toString() {
      return "Context[" + contextId + "]";
    }
  }

  /** How a run ended. */
  sealed interface Outcome {
    /**
     * The executor ran it (or tried: {@link ProcessResult#startFailure()} says why it could not
     * start).
     */
    record Ran(ProcessResult result) implements Outcome {}

    /**
     * It did not run to an end: where it must run cannot take it yet ({@link UnitNotReady}: the
     * unit's pod is not scheduled or its containers do not run); the same context may be launched
     * again.
     */
    record NotReady(String reason) implements Outcome {}

    /** The executor failed without a result; {@code reason} says how. */
    record Broken(String reason) implements Outcome {}
  }

  /**
   * Bytes of each output stream kept of a charm action: its stdout and stderr go into its results,
   * which are journaled (Juju keeps them in its database), so they are bounded well below an exec's
   * output, which only its caller gets.
   */
  static final int ACTION_OUTPUT_LIMIT = 64 * 1024;

  /**
   * Shared by all units: one per unit would cost memory for nothing (SecureRandom is thread-safe).
   * A DRBG: seeded once, then no system call per token as /dev/urandom would cost.
   */
  private static final SecureRandom random = drbg();

  private final UnitId unit;
  private final UnitDependencies deps;
  private final Path unitDir;
  private final Path charmView;

  HookLauncher(UnitId unit, UnitDependencies deps) {
    this.unit = unit;
    this.deps = deps;
    this.unitDir = deps.unitDir(unit);
    this.charmView = unitDir.resolve("charm");
  }

  /** A new context for a run of {@code hookName}. */
  Context hookContext(String hookName) {
    return new Context(
        unit.name() + "-" + hookName + "-" + Long.toUnsignedString(random.nextLong()), token());
  }

  /**
   * The same run launched again after it was not ready: the context id HookStarted recorded, with a
   * new token (the old one died with the attempt).
   */
  Context again(String contextId) {
    return new Context(contextId, token());
  }

  /** A new context for a run of the charm action {@code actionName}, named as Juju names it. */
  Context actionContext(String actionName) {
    return hookContext(actionName);
  }

  /** A new context for an exec'd command. */
  Context execContext() {
    return new Context(unit.name() + "-exec-" + Long.toUnsignedString(random.nextLong()), token());
  }

  /**
   * Starts {@code hook} of {@code charm}, which the unit's charm view shows. Call only once its
   * HookStarted is in the journal.
   *
   * @throws RuntimeException when the executor cannot take the run at all (its token is
   *     unregistered again); the unit's actor then restarts
   */
  CompletionStage<Outcome> hook(Context context, PlannedHook hook, CharmInfo charm) {
    String executable = charm.dispatch() ? "dispatch" : "hooks/" + hook.name();
    Map<String, String> environment = environment(context, run(hook));
    return launch(
        context,
        hook.name(),
        null,
        charm,
        List.of(charmView.resolve(executable).toString()),
        environment,
        deps.hookTimeout(),
        deps.outputLimit());
  }

  /**
   * Starts {@code commands} in the unit's context with {@code charm}, through {@link #EXEC_SHELL};
   * an action's name and id ({@code JUJU_ACTION_NAME}, {@code JUJU_ACTION_UUID}, {@code
   * JUJU_ACTION_TAG}) are in its environment. Call only once its ExecStarted is in the journal.
   *
   * @param action the action it runs as, or null for a plain exec
   * @throws RuntimeException as {@link #hook}
   */
  CompletionStage<Outcome> exec(
      Context context, String commands, Duration timeout, ActionRun action, CharmInfo charm) {
    HookEnvironment.Run run =
        action == null
            ? new HookEnvironment.Run.Exec()
            : new HookEnvironment.Run.Action(action.name(), context.contextId(), false);
    RunningAction running =
        action == null ? null : new RunningAction(action.name(), action.params());
    return launch(
        context,
        null,
        running,
        charm,
        execCommand(commands),
        environment(context, run),
        timeout,
        deps.execOutputLimit());
  }

  /**
   * Whether the charm has something to run for {@code actionName}: its {@code dispatch}, or {@code
   * actions/<name>} in the stored charm the unit's charm directory is deployed from (Juju's runner
   * looks the same way: {@code discoverHookHandler}). When not, the action fails with Juju's {@code
   * action not implemented on unit "<unit>"}.
   */
  boolean implementsAction(CharmInfo charm, String actionName) {
    if (charm.dispatch()) return true;
    return Files.isRegularFile(
        deps.charmsDir().resolve(charm.sha256()).resolve("actions").resolve(actionName));
  }

  /**
   * Starts the charm action {@code action} of {@code charm} as Juju's runner does ({@code
   * worker/uniter/runner/runner.go} {@code RunAction}): {@code dispatch}, else {@code
   * actions/<name>}, with {@code JUJU_DISPATCH_PATH=actions/<name>} and the action's variables
   * ({@code JUJU_ACTION_NAME}, {@code JUJU_ACTION_UUID} (its id), {@code JUJU_ACTION_TAG}, as
   * {@code context.go} {@code HookVars} sets them); no hook name. Killed after the hook timeout, as
   * a hook is. Call only once its ActionStarted is in the journal.
   *
   * @throws RuntimeException as {@link #hook}
   */
  CompletionStage<Outcome> action(Context context, UnitState.UnitAction action, CharmInfo charm) {
    String executable = charm.dispatch() ? "dispatch" : "actions/" + action.name();
    Map<String, String> environment =
        environment(
            context,
            new HookEnvironment.Run.Action(action.name(), Long.toString(action.id()), true));
    return launch(
        context,
        null,
        new RunningAction(action.name(), action.params()),
        charm,
        List.of(charmView.resolve(executable).toString()),
        environment,
        deps.hookTimeout(),
        ACTION_OUTPUT_LIMIT);
  }

  /**
   * How exec'd commands run: with bash where the unit has it, else with sh. {@code juju exec} runs
   * them with bash (juju/utils {@code exec.RunCommands}: {@code /bin/bash -s}, the commands on its
   * standard input), so {@code for i in $(seq 3)}, arrays, {@code [[ ]]} and {@code set -o
   * pipefail} pasted from there work; a unit without bash (a minimal image) still runs them with
   * sh. The choice is made where the commands run (the unit's pod on Kubernetes), by this one sh
   * script, so it is right on every substrate. The commands are its argument ({@code bash -c}), not
   * its standard input as in Juju: a command that reads standard input then reads nothing rather
   * than the rest of the script.
   */
  static final String EXEC_SHELL =
      "if command -v bash >/dev/null 2>&1; then exec bash -c \"$1\"; else exec /bin/sh -c \"$1\"; fi";

  /** The argv of an exec of {@code commands}: see {@link #EXEC_SHELL}. */
  static List<String> execCommand(String commands) {
    return List.of("/bin/sh", "-c", EXEC_SHELL, "juju-exec", commands);
  }

  /**
   * Ends a run early (the unit's actor restarts or stops): its process tree is killed and its token
   * stops working now, not when the executor gets round to completing the run.
   */
  void cancel(Context context) {
    deps.executor().cancel(context.contextId());
    deps.contexts().unregister(context.token());
  }

  /** How an exec ended, as the caller gets it and ExecCompleted records it. */
  static ProcessResult execResult(Outcome outcome) {
    return switch (outcome) {
      case Outcome.Ran ran -> ran.result();
      case Outcome.NotReady notReady ->
          new ProcessResult(-1, "", "", Duration.ZERO, false, false, notReady.reason());
      case Outcome.Broken broken ->
          new ProcessResult(
              -1, "", "", Duration.ZERO, false, false, "hook could not run: " + broken.reason());
    };
  }

  /**
   * What ExecStarted records of the commands: their SHA-256, not the text (it may hold secrets).
   */
  static String digest(String commands) {
    try {
      return HexFormat.of()
          .formatHex(
              MessageDigest.getInstance("SHA-256")
                  .digest(commands.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  private Map<String, String> environment(Context context, HookEnvironment.Run run) {
    return deps.environment()
        .forContext(unit, unitDir, charmView, run, context.contextId(), context.token());
  }

  private CompletionStage<Outcome> launch(
      Context context,
      String hookName,
      RunningAction action,
      CharmInfo charm,
      List<String> command,
      Map<String, String> environment,
      Duration timeout,
      int outputLimit) {
    HookInvocation invocation =
        new HookInvocation(
            unit,
            unitDir,
            deps.charmsDir().resolve(charm.sha256()),
            command,
            environment,
            timeout,
            context.contextId(),
            outputLimit);
    deps.contexts()
        .register(
            context.token(),
            new HookContexts.HookContext(unit, context.contextId(), hookName, action));
    CompletionStage<ProcessResult> run;
    try {
      run = deps.executor().run(invocation);
    } catch (RuntimeException e) {
      deps.contexts().unregister(context.token());
      throw e;
    }
    // Unregistered before the outcome is handed on: once the actor hears of the end, the token is
    // dead.
    return run.handle(
        (result, error) -> {
          deps.contexts().unregister(context.token());
          if (result != null) return new Outcome.Ran(result);
          Throwable cause =
              error instanceof CompletionException && error.getCause() != null
                  ? error.getCause()
                  : error;
          if (cause instanceof UnitNotReady notReady)
            return new Outcome.NotReady(notReady.reason());
          return new Outcome.Broken(
              cause == null
                  ? "unknown error"
                  : cause.getMessage() == null ? cause.toString() : cause.getMessage());
        });
  }

  private static String token() {
    byte[] bytes = new byte[24];
    random.nextBytes(bytes);
    return HexFormat.of().formatHex(bytes);
  }

  private static SecureRandom drbg() {
    try {
      return SecureRandom.getInstance("DRBG");
    } catch (NoSuchAlgorithmException e) {
      return new SecureRandom();
    }
  }

  /** What {@code hook}'s environment names, besides what every hook's does. */
  private static HookEnvironment.Run.Hook run(PlannedHook hook) {
    return new HookEnvironment.Run.Hook(hook.name(), subject(hook));
  }

  private static HookEnvironment.Subject subject(PlannedHook hook) {
    return switch (hook) {
      case PlannedHook.Lifecycle h -> new HookEnvironment.Nothing();
      case PlannedHook.LeaderSettings h -> new HookEnvironment.Nothing();
      case PlannedHook.PebbleReady h -> new HookEnvironment.Workload(h.workload());
      // A storage hook names its instance: JUJU_STORAGE_ID, _LOCATION, _KIND.
      case PlannedHook.Storage h ->
          new HookEnvironment.Storage(h.storage().id(), h.storage().location(), h.storage().kind());
      case PlannedHook.Relation h ->
          new HookEnvironment.Relation(
              h.relation().endpoint(),
              h.relation().key(),
              h.relation().remoteUnit(),
              h.relation().remoteApplication(),
              h.relation().departingUnit());
      // A Pebble notice hook names its workload and its notice or check: JUJU_NOTICE_ID, _TYPE,
      // _KEY, JUJU_PEBBLE_CHECK_NAME.
      case PlannedHook.Notice h -> new HookEnvironment.Notice(h.notice());
      // A secret hook names its secret: JUJU_SECRET_ID, _LABEL, _REVISION.
      case PlannedHook.Secret h ->
          new HookEnvironment.Secret(
              h.trigger().uri(), h.trigger().label(), h.trigger().hookRevision());
    };
  }
}
