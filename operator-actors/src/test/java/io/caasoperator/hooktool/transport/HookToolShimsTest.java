package io.caasoperator.hooktool.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.sun.net.httpserver.HttpServer;
import io.caasoperator.hooktool.catalogue.HookTools;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The portable shims (what pods get), run with the real {@code sh} against a real local HTTP server
 * that decodes the framing the way the operator does. The bash tools and the loopback listener are
 * tested together in http-listener's {@code BashToolsTest}.
 */
class HookToolShimsTest {

  private static final String TOKEN = "ctx-token-123";
  private static final long PROCESS_TIMEOUT_SECONDS = 20;

  /** One request as the operator saw it. */
  record Seen(String tool, String authorization, String contentType, HookToolFraming.Call call) {}

  /** What the fake operator answers: a status and a body. */
  record Answer(int status, byte[] body) {
    static Answer framed(int code, String stdout, String stderr) {
      return new Answer(200, HookToolFraming.encodeReply(code, stdout, stderr));
    }

    /** An HTTP error as the operator's listener sends it, a JSON error with its detail. */
    static Answer error(int status, String error, String detail) {
      return new Answer(
          status,
          ("{\"error\":\"" + error + "\",\"detail\":\"" + detail + "\"}")
              .getBytes(StandardCharsets.UTF_8));
    }
  }

  /** What a shim did, as its caller sees it. */
  record Ran(int exitCode, String stdout, String stderr) {}

  @TempDir Path tools;

  private HttpServer server;
  private final List<Seen> seen = new CopyOnWriteArrayList<>();
  private volatile Function<HookToolFraming.Call, Answer> answer = call -> Answer.framed(0, "", "");

  @BeforeEach
  void startOperator() throws IOException {
    assumeTrue(Files.isExecutable(Path.of("/bin/sh")), "needs /bin/sh");
    HookToolShims.installPortable(tools);
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext(
        "/v1/hook-tools/",
        exchange -> {
          try (exchange) {
            String path = exchange.getRequestURI().getPath();
            HookToolFraming.Call call =
                HookToolFraming.decodeCall(exchange.getRequestBody().readAllBytes());
            seen.add(
                new Seen(
                    path.substring(path.lastIndexOf('/') + 1),
                    exchange.getRequestHeaders().getFirst("Authorization"),
                    exchange.getRequestHeaders().getFirst("Content-Type"),
                    call));
            Answer reply = answer.apply(call);
            exchange.sendResponseHeaders(reply.status(), reply.body().length);
            exchange.getResponseBody().write(reply.body());
          }
        });
    server.start();
  }

  @AfterEach
  void stopOperator() {
    if (server != null) {
      server.stop(0);
    }
  }

  private String url() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  private Ran run(
      Map<String, String> env, String stdin, boolean closeStdin, String tool, String... args)
      throws Exception {
    List<String> command = new ArrayList<>(List.of("sh", tools.resolve(tool).toString()));
    command.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(command);
    builder.environment().keySet().removeIf(k -> k.startsWith("CAAS_OPERATOR_"));
    builder.environment().putAll(env);
    Process process = builder.start();
    if (stdin != null) {
      process.getOutputStream().write(stdin.getBytes(StandardCharsets.UTF_8));
    }
    if (closeStdin) {
      process.getOutputStream().close();
    } else {
      process.getOutputStream().flush();
    }
    // Read both streams on other threads so a full pipe cannot stall the shim.
    var out = readAsync(process.getInputStream());
    var err = readAsync(process.getErrorStream());
    boolean ended = process.waitFor(PROCESS_TIMEOUT_SECONDS, TimeUnit.SECONDS);
    if (!ended) {
      process.destroyForcibly();
    }
    assertThat(ended).as("shim ended within " + PROCESS_TIMEOUT_SECONDS + " s").isTrue();
    process.getOutputStream().close();
    return new Ran(process.exitValue(), out.get(5, TimeUnit.SECONDS), err.get(5, TimeUnit.SECONDS));
  }

  private Ran run(String tool, String... args) throws Exception {
    return run(
        Map.of("CAAS_OPERATOR_URL", url(), "CAAS_OPERATOR_CONTEXT_TOKEN", TOKEN),
        null,
        true,
        tool,
        args);
  }

  private static java.util.concurrent.CompletableFuture<String> readAsync(InputStream stream) {
    return java.util.concurrent.CompletableFuture.supplyAsync(
        () -> {
          try {
            return new String(stream.readAllBytes(), StandardCharsets.UTF_8);
          } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
          }
        });
  }

  @Test
  void argumentsArriveExactlyWithTheTokenAndContentType() throws Exception {
    List<String> args =
        List.of(
            "with space", "it's \"quoted\"", "two\nlines", "ünïcødé ✓", "", "$HOME `x` *", "%s\\n");

    Ran ran = run("juju-log", args.toArray(String[]::new));

    assertThat(ran.exitCode()).as(ran.stderr()).isZero();
    assertThat(seen)
        .containsExactly(
            new Seen(
                "juju-log",
                "Bearer " + TOKEN,
                HookToolFraming.CONTENT_TYPE,
                new HookToolFraming.Call(args, "")));
  }

  @Test
  void noArgumentsIsAnEmptyList() throws Exception {
    run("is-leader");

    assertThat(seen)
        .singleElement()
        .satisfies(s -> assertThat(s.call()).isEqualTo(new HookToolFraming.Call(List.of(), "")));
  }

  @Test
  void stdinIsForwardedForFileDash() throws Exception {
    Ran ran =
        run(
            Map.of("CAAS_OPERATOR_URL", url()),
            "'#notices#': |\n  []\n",
            true,
            "state-set",
            "--file",
            "-");

    assertThat(ran.exitCode()).isZero();
    assertThat(seen)
        .singleElement()
        .satisfies(
            s ->
                assertThat(s.call())
                    .isEqualTo(
                        new HookToolFraming.Call(
                            List.of("--file", "-"), "'#notices#': |\n  []\n")));
  }

  @Test
  void aFileArgumentIsSentAsStdin() throws Exception {
    Path file =
        Files.writeString(
            tools.getParent().resolve("values-" + System.nanoTime() + ".yaml"), "a: 1\n");
    try {
      run("state-set", "--file", file.toString(), "b=2");
      run("state-set", "--file=" + file);
    } finally {
      Files.deleteIfExists(file);
    }

    assertThat(seen)
        .extracting(Seen::call)
        .containsExactly(
            new HookToolFraming.Call(List.of("--file", "-", "b=2"), "a: 1\n"),
            new HookToolFraming.Call(List.of("--file=-"), "a: 1\n"));
  }

  @Test
  void stdinIsNotReadOtherwiseSoAnOpenStdinNeverBlocks() throws Exception {
    Ran ran = run(Map.of("CAAS_OPERATOR_URL", url()), "ignored", false, "leader-get", "-");

    assertThat(ran.exitCode()).isZero();
    assertThat(seen)
        .singleElement()
        .satisfies(s -> assertThat(s.call()).isEqualTo(new HookToolFraming.Call(List.of("-"), "")));
  }

  @Test
  void theAnswerIsRelayedExactly() throws Exception {
    answer = call -> Answer.framed(3, "out ✓\nno newline", "ERROR bad\n");

    assertThat(run("config-get", "x")).isEqualTo(new Ran(3, "out ✓\nno newline", "ERROR bad\n"));
  }

  @Test
  void largeAnswersAndInputsAndNulBytesPassExactly() throws Exception {
    String big = "line ✓ of a large answer\n".repeat(80_000) + "\0after a NUL";
    answer = call -> Answer.framed(0, big, call.stdin().length() + " bytes in\0\n");
    String stdin = "k: v\n".repeat(300_000);

    Ran ran =
        run(
            Map.of("CAAS_OPERATOR_URL", url(), "CAAS_OPERATOR_CONTEXT_TOKEN", TOKEN),
            stdin,
            true,
            "state-set",
            "--file",
            "-");

    assertThat(ran).isEqualTo(new Ran(0, big, stdin.length() + " bytes in\0\n"));
  }

  @Test
  void anErrorStatusPrintsItsDetail() throws Exception {
    answer = call -> Answer.error(403, "forbidden", "the context token is not valid");

    assertThat(run("is-leader"))
        .isEqualTo(new Ran(1, "", "ERROR the context token is not valid\n"));
  }

  @Test
  void anUnreachableOperatorIsSaidPlainly() throws Exception {
    int closedPort;
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      closedPort = socket.getLocalPort();
    }
    String deadUrl = "http://127.0.0.1:" + closedPort;

    Ran ran = run(Map.of("CAAS_OPERATOR_URL", deadUrl), null, true, "status-get");

    assertThat(ran.exitCode()).isEqualTo(1);
    assertThat(ran.stderr()).startsWith("ERROR cannot reach the operator at " + deadUrl + "\n");
  }

  @Test
  void aMissingOperatorUrlIsAClearError() throws Exception {
    Ran ran = run(Map.of(), null, true, "status-get");

    assertThat(ran.exitCode()).isEqualTo(1);
    assertThat(ran.stderr()).startsWith("ERROR status-get: CAAS_OPERATOR_URL is not set");
    assertThat(seen).isEmpty();
  }

  @Test
  void wgetIsUsedWhenCurlIsMissing() throws Exception {
    Path bin = Files.createDirectories(tools.getParent().resolve("bin-" + System.nanoTime()));
    for (String tool : List.of("sh", "mktemp", "rm", "cat", "head", "tail", "sed", "wget")) {
      Path found = which(tool);
      assumeTrue(found != null, tool + " is needed for this test");
      Files.createSymbolicLink(bin.resolve(tool), found);
    }
    answer = call -> Answer.framed(0, "True\n", "");

    Ran ok =
        run(
            Map.of(
                "CAAS_OPERATOR_URL",
                url(),
                "CAAS_OPERATOR_CONTEXT_TOKEN",
                TOKEN,
                "PATH",
                bin.toString()),
            null,
            true,
            "is-leader",
            "a b");
    answer = call -> Answer.error(403, "forbidden", "no token");
    Ran refused =
        run(Map.of("CAAS_OPERATOR_URL", url(), "PATH", bin.toString()), null, true, "is-leader");
    answer = call -> Answer.error(401, "unauthorized", "no token");
    Ran unauthorized =
        run(Map.of("CAAS_OPERATOR_URL", url(), "PATH", bin.toString()), null, true, "is-leader");

    assertThat(ok).isEqualTo(new Ran(0, "True\n", ""));
    assertThat(seen.get(0))
        .isEqualTo(
            new Seen(
                "is-leader",
                "Bearer " + TOKEN,
                HookToolFraming.CONTENT_TYPE,
                new HookToolFraming.Call(List.of("a b"), "")));
    assertThat(refused).isEqualTo(new Ran(1, "", "ERROR no token\n"));
    // wget does not keep a 401's body.
    assertThat(unauthorized)
        .isEqualTo(new Ran(1, "", "ERROR the operator refused the call (HTTP 401)\n"));
  }

  @Test
  void installIsIdempotentAndLeavesOnlyExecutableScripts() throws Exception {
    long before = Files.getLastModifiedTime(tools.resolve("status-set")).toMillis();
    HookToolShims.installPortable(tools);

    try (var files = Files.list(tools)) {
      List<String> names = files.map(p -> p.getFileName().toString()).sorted().toList();
      List<String> expected = new ArrayList<>(HookTools.NAMES);
      expected.add(HookToolShims.COMMON);
      assertThat(names).containsExactlyInAnyOrderElementsOf(expected);
    }
    assertThat(Files.getLastModifiedTime(tools.resolve("status-set")).toMillis()).isEqualTo(before);
    assertThat(tools.resolve("status-set")).isExecutable();
    assertThat(Files.readString(tools.resolve("status-set")))
        .isEqualTo(HookToolShims.toolScript("status-set"));
  }

  private static Path which(String tool) {
    for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(":")) {
      Path candidate = Path.of(dir, tool);
      if (Files.isExecutable(candidate)) {
        return candidate;
      }
    }
    return null;
  }
}
