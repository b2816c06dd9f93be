package io.caasoperator.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code exec} through the real process over real TLS: parallel units, serialised with hooks,
 * timeouts, the CLI.
 */
class ExecIT {

  private static final String APP = "exec";

  @RegisterExtension final Operators operators = new Operators();
  private ExecutorService callers;

  @BeforeEach
  void setUp() {
    callers = Executors.newVirtualThreadPerTaskExecutor();
  }

  @AfterEach
  void tearDown() {
    callers.shutdownNow();
  }

  @Test
  void execsOnTwoUnitsRunAtTheSameTime() throws Exception {
    OperatorApi api = deploy(TestCharm.named(APP), 2);
    Path meeting = Files.createDirectories(operators.tmp().resolve("meeting"));
    // A rendezvous: each command announces itself, then waits (at most 30 s) for the other.
    // Both succeed only if the two execs run at the same time.
    String rendezvous =
        """
                touch '%1$s/arrived-%2$s'
                n=0
                while [ ! -e '%1$s/arrived-%3$s' ] && [ "$n" -lt 300 ]; do sleep 0.1; n=$((n + 1)); done
                if [ -e '%1$s/arrived-%3$s' ]; then echo "$JUJU_UNIT_NAME met %3$s"; else echo "alone" >&2; exit 7; fi
                """;

    CompletableFuture<OperatorApi.Reply> zero =
        CompletableFuture.supplyAsync(
            () -> api.exec(APP + "/0", rendezvous.formatted(meeting, "0", "1"), "60s"), callers);
    CompletableFuture<OperatorApi.Reply> one =
        CompletableFuture.supplyAsync(
            () -> api.exec(APP + "/1", rendezvous.formatted(meeting, "1", "0"), "60s"), callers);

    OperatorApi.Reply first = zero.get(OperatorProcess.PATIENCE.toSeconds() * 2, TimeUnit.SECONDS);
    OperatorApi.Reply second = one.get(OperatorProcess.PATIENCE.toSeconds() * 2, TimeUnit.SECONDS);
    assertThat(first.code()).as("%s", first.body()).isEqualTo(200);
    assertThat(second.code()).as("%s", second.body()).isEqualTo(200);
    assertThat(first.body().path("code").asInt()).as("%s", first.body()).isZero();
    assertThat(second.body().path("code").asInt()).as("%s", second.body()).isZero();
    assertThat(first.body().path("stdout").asText()).isEqualTo(APP + "/0 met 1\n");
    assertThat(second.body().path("stdout").asText()).isEqualTo(APP + "/1 met 0\n");
  }

  @Test
  void anExecWaitsForTheUnitsRunningHookThenRuns() throws Exception {
    OperatorProcess operator = operators.start(spec(TestCharm.named(APP).blocking("start"), 1));
    OperatorApi api = operator.awaitListening();
    UnitDir unit = UnitDir.of(operators.dataDir(), APP + "/0");
    await("the start hook to be running")
        .atMost(OperatorProcess.PATIENCE)
        .until(() -> unit.hooks().contains("start"));
    Path marker = unit.path().resolve("exec-ran");

    CompletableFuture<OperatorApi.Reply> exec =
        CompletableFuture.supplyAsync(
            () ->
                api.exec(
                    APP + "/0",
                    "cp \"$HOME/hooks.log\" \"$HOME/exec-saw\"; touch \"$HOME/exec-ran\"; echo ran",
                    "60s"),
            callers);

    await("the exec to keep waiting while start blocks")
        .during(Duration.ofSeconds(2))
        .atMost(Duration.ofSeconds(5))
        .pollInterval(Duration.ofMillis(100))
        .until(() -> !Files.exists(marker) && !exec.isDone());

    unit.release("start");

    OperatorApi.Reply reply = exec.get(OperatorProcess.PATIENCE.toSeconds(), TimeUnit.SECONDS);
    assertThat(reply.code()).as("%s", reply.body()).isEqualTo(200);
    assertThat(reply.body().path("code").asInt()).isZero();
    assertThat(reply.body().path("stdout").asText()).isEqualTo("ran\n");
    assertThat(marker).exists();
    assertThat(Files.readAllLines(unit.path().resolve("exec-saw")))
        .as("the exec ran after start, which the operator had started before it")
        .contains("start");
    // The unit finishes its lifecycle after the exec.
    Expect.hooks(unit, Expect.LEADER_LIFECYCLE);
    Expect.idleUnits(api, APP + "/0");
  }

  @Test
  void aTimedOutExecIsAnswered408AndItsWholeProcessTreeIsKilled() throws Exception {
    OperatorApi api = deploy(TestCharm.named(APP), 1);
    UnitDir unit = UnitDir.of(operators.dataDir(), APP + "/0");

    OperatorApi.Reply reply =
        api.exec(
            APP + "/0",
            """
                echo before
                sleep 300 & echo $! > "$HOME/bg.pid"
                sh -c 'echo $$ > "$HOME/fg.pid"; exec sleep 300'
                """,
            "2s");

    assertThat(reply.code()).as("%s", reply.body()).isEqualTo(408);
    // The 408 reply is an error body ({"error": "timeout", "detail"}) carrying the output so far.
    assertThat(reply.body().path("error").asText()).as("%s", reply.body()).isEqualTo("timeout");
    assertThat(reply.body().path("stdout").asText())
        .as("the output gathered so far")
        .isEqualTo("before\n");
    List<Long> pids =
        List.of(pid(unit.path().resolve("bg.pid")), pid(unit.path().resolve("fg.pid")));
    await("the background and foreground sleeps " + pids + " to be gone from the process table")
        .atMost(Duration.ofSeconds(10))
        .pollInterval(Duration.ofMillis(100))
        .until(() -> pids.stream().noneMatch(ExecIT::isSleepRunning));
    // The unit is usable afterwards.
    OperatorApi.Reply after = api.exec(APP + "/0", "echo still here", "30s");
    assertThat(after.code()).isEqualTo(200);
    assertThat(after.body().path("stdout").asText()).isEqualTo("still here\n");
    OperatorApi.Reply unknown = api.exec(APP + "/7", "echo never", "30s");
    assertThat(unknown.code()).as("%s", unknown.body()).isEqualTo(404);
    assertThat(unknown.body().path("error").asText()).isEqualTo("not_found");
  }

  @Test
  void theCliPrintsStdoutAndStderrAndExitsWithTheCommandsCode() throws Exception {
    deploy(TestCharm.named(APP), 1);

    Cli.Result result =
        cliExec("--", "echo \"out $JUJU_UNIT_NAME\"; echo \"err $(is-leader)\" >&2; exit 3");

    assertThat(result.exitCode()).as("%s", result).isEqualTo(3);
    assertThat(result.stdout()).isEqualTo("out " + APP + "/0\n");
    assertThat(result.stderr()).contains("err True\n");

    Cli.Result ok = cliExec("--", "pwd; echo \"$HOME\"");
    assertThat(ok.exitCode()).as("%s", ok).isZero();
    // As in Juju: commands run in the unit's charm directory; HOME is the unit's directory.
    Path unitDir = UnitDir.of(operators.dataDir(), APP + "/0").path();
    List<String> lines = ok.stdout().lines().toList();
    assertThat(lines).as("%s", ok).hasSize(2);
    assertThat(Path.of(lines.get(0))).isEqualTo(unitDir.resolve("charm").toRealPath());
    assertThat(Path.of(lines.get(1)).toRealPath()).isEqualTo(unitDir.toRealPath());

    Cli.Result timedOut = cliExec("--timeout", "1s", "--", "echo partial; sleep 300");
    assertThat(timedOut.exitCode()).as("%s", timedOut).isEqualTo(124);
    assertThat(timedOut.stdout()).isEqualTo("partial\n");
  }

  /** {@code caas-operator exec <app>/0 --data-dir <dir> <rest...>}, as a user types it. */
  private Cli.Result cliExec(String... rest) {
    List<String> args = new ArrayList<>(List.of("exec", APP + "/0", "--data-dir"));
    args.add(operators.dataDir().toString());
    args.addAll(List.of(rest));
    return Cli.run(
        operators.tmp().resolve("cli"), OperatorProcess.PATIENCE, args.toArray(String[]::new));
  }

  private OperatorApi deploy(TestCharm charm, int scale) {
    OperatorApi api = operators.start(spec(charm, scale)).awaitListening();
    for (int n = 0; n < scale; n++) {
      Expect.hooks(
          UnitDir.of(operators.dataDir(), APP + "/" + n),
          n == 0 ? Expect.LEADER_LIFECYCLE : Expect.FOLLOWER_LIFECYCLE);
    }
    String[] units = new String[scale];
    for (int n = 0; n < scale; n++) {
      units[n] = APP + "/" + n;
    }
    Expect.idleUnits(api, units);
    return api;
  }

  private SpecFile spec(TestCharm charm, int scale) {
    Path charmDir = charm.writeTo(operators.tmp().resolve("charm"));
    return operators.spec(APP, charmDir).withScale(scale).write();
  }

  private static long pid(Path file) throws IOException {
    return Long.parseLong(Files.readString(file).strip());
  }

  /**
   * True while {@code pid} is a live {@code sleep} (a recycled pid running something else does not
   * count).
   */
  private static boolean isSleepRunning(long pid) {
    return ProcessHandle.of(pid)
        .filter(ProcessHandle::isAlive)
        .map(handle -> handle.info().command().map(c -> c.endsWith("sleep")).orElse(true))
        .orElse(false);
  }
}
