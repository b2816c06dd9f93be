package io.caasoperator.http.hooktool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.caasoperator.hooktool.ToolOutcome;
import io.caasoperator.hooktool.transport.HookToolShims;
import io.caasoperator.http.JsonErrors;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The tools a hook on this machine runs (bash, {@code /dev/tcp}) against the real loopback
 * listener, with a fake gateway: what the charm sees (output, exit code, error wording) and what
 * the operator receives (arguments, input, token).
 */
class BashToolsTest {

  private static final String TOKEN = "ctx-token-8f3a";
  private static final int LIMIT = 64 * 1024;
  private static final long PROCESS_TIMEOUT_SECONDS = 20;

  /** One call as the gateway received it. */
  record Received(String token, String tool, List<String> args, String stdin) {}

  /** What a tool did, as its caller sees it. */
  record Ran(int exitCode, String stdout, String stderr) {}

  @TempDir static Path tools;

  static LoopbackToolListener listener;
  static final List<Received> received = new CopyOnWriteArrayList<>();
  static volatile Function<Received, CompletionStage<ToolOutcome>> answer;
  static volatile boolean recognised;

  @BeforeAll
  static void start() throws Exception {
    assumeTrue(HookToolShims.install(tools).isPresent(), "needs a bash that can open /dev/tcp");
    listener = LoopbackToolListener.bind(0, LIMIT, Duration.ofSeconds(30));
    listener.start(
        new HookToolGateway() {
          @Override
          public CompletionStage<ToolOutcome> call(
              String token, String tool, List<String> args, String stdin) {
            Received call = new Received(token, tool, args, stdin);
            received.add(call);
            return answer.apply(call);
          }

          @Override
          public boolean recognises(String token) {
            return recognised;
          }
        });
  }

  @AfterAll
  static void stop() throws IOException {
    if (listener != null) listener.close();
  }

  @BeforeEach
  void reset() {
    received.clear();
    recognised = true;
    answer = call -> CompletableFuture.completedFuture(new ToolOutcome(0, "", "", List.of()));
  }

  private static Map<String, String> environment() {
    Map<String, String> env = new HashMap<>();
    env.put("CAAS_HOOK_TOOL_ADDRESS", listener.address());
    env.put("CAAS_OPERATOR_CONTEXT_TOKEN", TOKEN);
    return env;
  }

  private static Ran run(Map<String, String> env, byte[] stdin, String tool, String... args)
      throws Exception {
    List<String> command = new ArrayList<>(List.of(tools.resolve(tool).toString()));
    command.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(command);
    builder.environment().keySet().removeIf(k -> k.startsWith("CAAS_"));
    builder.environment().putAll(env);
    Process process = builder.start();
    var out = readAsync(process.getInputStream());
    var err = readAsync(process.getErrorStream());
    if (stdin != null) {
      try (var in = process.getOutputStream()) {
        in.write(stdin);
      }
    }
    boolean ended = process.waitFor(PROCESS_TIMEOUT_SECONDS, TimeUnit.SECONDS);
    if (!ended) process.destroyForcibly();
    assertThat(ended).as("the tool ended within " + PROCESS_TIMEOUT_SECONDS + " s").isTrue();
    return new Ran(
        process.exitValue(),
        new String(out.get(5, TimeUnit.SECONDS), StandardCharsets.UTF_8),
        new String(err.get(5, TimeUnit.SECONDS), StandardCharsets.UTF_8));
  }

  private static Ran run(String tool, String... args) throws Exception {
    return run(environment(), null, tool, args);
  }

  private static CompletableFuture<byte[]> readAsync(InputStream stream) {
    return CompletableFuture.supplyAsync(
        () -> {
          try (stream) {
            return stream.readAllBytes();
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
        });
  }

  private static CompletionStage<ToolOutcome> printing(int code, String stdout, String stderr) {
    return CompletableFuture.completedFuture(new ToolOutcome(code, stdout, stderr, List.of()));
  }

  @Test
  void argumentsArriveExactlyWithTheToken() throws Exception {
    List<String> args =
        List.of(
            "with space",
            "it's \"quoted\"",
            "two\nlines",
            "ünïcødé ✓",
            "",
            "$HOME `x` *",
            "%s\\n",
            "-",
            "--",
            "--file",
            "x");

    Ran ran = run("juju-log", args.toArray(String[]::new));

    assertThat(ran).isEqualTo(new Ran(0, "", ""));
    assertThat(received).containsExactly(new Received(TOKEN, "juju-log", args, ""));
  }

  @Test
  void noArgumentsIsAnEmptyList() throws Exception {
    run("is-leader");

    assertThat(received).containsExactly(new Received(TOKEN, "is-leader", List.of(), ""));
  }

  @Test
  void theAnswerIsRelayedExactly() throws Exception {
    answer = call -> printing(3, "out ✓\\n \\c %s\nno newline", "ERROR bad\n");

    assertThat(run("config-get", "x"))
        .isEqualTo(new Ran(3, "out ✓\\n \\c %s\nno newline", "ERROR bad\n"));
  }

  @Test
  void largeAnswersAndNulBytesPassExactly() throws Exception {
    String large = "line ✓ of a large answer\n".repeat(80_000);
    answer = call -> printing(0, large, "");
    assertThat(run("state-get")).isEqualTo(new Ran(0, large, ""));

    String nul = "a\0b\\0c\\\\\0" + "\0" + "7\n";
    answer = call -> printing(2, nul + large, "err\0\n");
    assertThat(run("state-get")).isEqualTo(new Ran(2, nul + large, "err\0\n"));
  }

  @Test
  void standardInputIsStreamedForFileDashEveryByteOfIt() throws Exception {
    byte[] input =
        ("'#notices#': |\n  []\n" + "k: v\0w\n".repeat(2000) + "\0\0end without newline")
            .getBytes(StandardCharsets.UTF_8);

    Ran dash = run(environment(), input, "state-set", "--file", "-");
    Ran equals = run(environment(), input, "state-set", "--file=-");

    assertThat(dash.exitCode()).as(dash.stderr()).isZero();
    assertThat(equals.exitCode()).as(equals.stderr()).isZero();
    String sent = new String(input, StandardCharsets.UTF_8);
    assertThat(received)
        .containsExactly(
            new Received(TOKEN, "state-set", List.of("--file", "-"), sent),
            new Received(TOKEN, "state-set", List.of("--file=-"), sent));
  }

  @Test
  void aFileArgumentIsSentAsStandardInput(@TempDir Path dir) throws Exception {
    Path file = Files.writeString(dir.resolve("values.yaml"), "a: 1\n");
    Path absent = dir.resolve("absent.yaml");

    run("state-set", "--file", file.toString(), "b=2");
    run("state-set", "--file=" + file);
    run("state-set", "--", "--file", file.toString());
    Ran missing = run("state-set", "--file", absent.toString());

    assertThat(received)
        .extracting(Received::args, Received::stdin)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(List.of("--file", "-", "b=2"), "a: 1\n"),
            org.assertj.core.groups.Tuple.tuple(List.of("--file=-"), "a: 1\n"),
            org.assertj.core.groups.Tuple.tuple(List.of("--", "--file", file.toString()), ""));
    assertThat(missing).isEqualTo(new Ran(1, "", "ERROR state-set: cannot read " + absent + "\n"));
  }

  @Test
  void standardInputIsNotReadOtherwiseSoAnOpenOneNeverBlocks() throws Exception {
    ProcessBuilder builder = new ProcessBuilder(tools.resolve("leader-get").toString(), "-");
    builder.environment().putAll(environment());
    Process process = builder.start();
    // stdin stays open, as a hook's often does
    boolean ended = process.waitFor(PROCESS_TIMEOUT_SECONDS, TimeUnit.SECONDS);
    process.getOutputStream().close();

    assertThat(ended).isTrue();
    assertThat(process.exitValue()).isZero();
    assertThat(received).containsExactly(new Received(TOKEN, "leader-get", List.of("-"), ""));
  }

  @Test
  void inputOverTheLimitIsRefusedInTheHttpsListenersWords() throws Exception {
    byte[] input = "x".repeat(LIMIT + 1).getBytes(StandardCharsets.US_ASCII);

    Ran ran = run(environment(), input, "state-set", "--file", "-");

    assertThat(ran)
        .isEqualTo(
            new Ran(1, "", "ERROR request body is larger than the limit of " + LIMIT + " bytes\n"));
    assertThat(received).isEmpty();
  }

  @Test
  void theTokenOfAHookThatEndedIsRefused() throws Exception {
    recognised = false;
    Ran ended = run("is-leader");
    recognised = true;
    // ended between the listener's look-up and the unit's answer: the gateway says so
    answer =
        call ->
            CompletableFuture.failedFuture(
                new HookToolDenied("the hook or command this token belongs to has finished"));
    Ran endedMidCall = run("is-leader");

    assertThat(ended).isEqualTo(new Ran(1, "", "ERROR " + HookToolRoutes.STALE_TOKEN + "\n"));
    assertThat(endedMidCall)
        .isEqualTo(
            new Ran(1, "", "ERROR the hook or command this token belongs to has finished\n"));
  }

  @Test
  void withoutATokenTheToolSaysWhatItNeeds() throws Exception {
    Map<String, String> env = environment();
    env.remove("CAAS_OPERATOR_CONTEXT_TOKEN");

    assertThat(run(env, null, "is-leader"))
        .isEqualTo(new Ran(1, "", "ERROR " + HookToolRoutes.NO_TOKEN + "\n"));
    assertThat(received).isEmpty();
  }

  @Test
  void anOperatorThatDoesNotAnswerInTimeOrFailsIsSaidPlainly() throws Exception {
    answer = call -> CompletableFuture.failedFuture(new TimeoutException("ask timed out"));
    Ran late = run("status-set", "active");
    answer = call -> CompletableFuture.failedFuture(new IllegalStateException("boom"));
    Ran broken = run("status-set", "active");

    assertThat(late).isEqualTo(new Ran(1, "", "ERROR " + JsonErrors.TIMEOUT_DETAIL + "\n"));
    assertThat(broken.exitCode()).isEqualTo(1);
    assertThat(broken.stderr()).startsWith("ERROR unexpected error in the operator (reference ");
  }

  @Test
  void anOperatorThatIsGoneIsSaidPlainly() throws Exception {
    String gone;
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      gone = "127.0.0.1:" + socket.getLocalPort();
    }
    Map<String, String> env = environment();
    env.put("CAAS_HOOK_TOOL_ADDRESS", gone);

    assertThat(run(env, null, "status-get"))
        .isEqualTo(new Ran(1, "", "ERROR cannot reach the operator at " + gone + "\n"));
  }

  @Test
  void anOperatorThatGoesAwayMidCallIsSaidPlainly() throws Exception {
    // a listener that accepts and closes without answering, as an operator killed mid-call
    try (ServerSocket dying = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      Thread.ofVirtual()
          .start(
              () -> {
                try (var socket = dying.accept()) {
                  socket.getInputStream().read();
                } catch (IOException ignored) {
                  // the test is over
                }
              });
      Map<String, String> env = environment();
      env.put("CAAS_HOOK_TOOL_ADDRESS", "127.0.0.1:" + dying.getLocalPort());

      assertThat(run(env, null, "status-get"))
          .isEqualTo(
              new Ran(
                  1,
                  "",
                  "ERROR the operator at 127.0.0.1:"
                      + dying.getLocalPort()
                      + " closed the connection without answering\n"));
    }
  }

  @Test
  void withoutTheLoopbackAddressTheCallGoesToThePortableShim() throws Exception {
    Ran ran = run(Map.of("CAAS_OPERATOR_CONTEXT_TOKEN", TOKEN), null, "status-get");

    assertThat(ran.exitCode()).isEqualTo(1);
    assertThat(ran.stderr()).startsWith("ERROR status-get: CAAS_OPERATOR_URL is not set");
  }

  @Test
  void theTokenIsOnNoCommandLineWhileACallRuns() throws Exception {
    CountDownLatch called = new CountDownLatch(1);
    CompletableFuture<ToolOutcome> later = new CompletableFuture<>();
    answer =
        call -> {
          called.countDown();
          return later;
        };
    CompletableFuture<Ran> running =
        CompletableFuture.supplyAsync(
            () -> {
              try {
                return run("config-get");
              } catch (Exception e) {
                throw new IllegalStateException(e);
              }
            });
    assertThat(called.await(PROCESS_TIMEOUT_SECONDS, TimeUnit.SECONDS)).isTrue();

    List<String> commandLines = commandLines();
    later.complete(new ToolOutcome(0, "done\n", "", List.of()));

    assertThat(commandLines)
        .anyMatch(line -> line.contains("config-get"))
        .noneMatch(line -> line.contains(TOKEN));
    assertThat(running.get(PROCESS_TIMEOUT_SECONDS, TimeUnit.SECONDS))
        .isEqualTo(new Ran(0, "done\n", ""));
  }

  /** Every process's command line, as ps shows them. */
  static List<String> commandLines() throws IOException {
    List<String> lines = new ArrayList<>();
    try (Stream<Path> processes = Files.list(Path.of("/proc"))) {
      for (Path process :
          processes.filter(p -> p.getFileName().toString().matches("\\d+")).toList()) {
        try {
          ByteArrayOutputStream line = new ByteArrayOutputStream();
          line.writeBytes(Files.readAllBytes(process.resolve("cmdline")));
          lines.add(line.toString(StandardCharsets.UTF_8).replace('\0', ' '));
        } catch (IOException gone) {
          // the process ended meanwhile
        }
      }
    }
    return lines;
  }
}
