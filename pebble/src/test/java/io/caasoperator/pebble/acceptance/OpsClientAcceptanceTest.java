package io.caasoperator.pebble.acceptance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.abort;

import io.caasoperator.pebble.Pebble;
import io.caasoperator.pebble.PebbleOptions;
import io.caasoperator.pebble.api.PebbleServer;
import io.caasoperator.pebble.events.PebbleEvent;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The acceptance that matters: ops's own Pebble client (the vendored ops 2.17.0, exactly what
 * charms import) run by Debian's python3 against this Pebble, through every call charms make. The
 * vendor directory is {@code ../shared/vendor/ops-2.17.0} beside the repository; nothing of it is
 * copied into the repository.
 */
class OpsClientAcceptanceTest {
  private static final Path PYTHON = Path.of("/usr/bin/python3");

  @TempDir Path dir;

  @Test
  void opsPebbleClientDrivesEveryEndpointCharmsUse() throws Exception {
    Path moduleDir = Path.of("").toAbsolutePath();
    Path repoRoot =
        Files.exists(moduleDir.resolve("src/test/python")) ? moduleDir.getParent() : moduleDir;
    Path vendor = repoRoot.getParent().resolve("shared/vendor/ops-2.17.0").normalize();
    require(
        Files.isDirectory(vendor.resolve("ops")),
        "the vendored ops client at "
            + vendor
            + " (../shared/vendor/ops-2.17.0 beside the repository)");
    require(Files.isExecutable(PYTHON), PYTHON.toString());
    require(
        new ProcessBuilder(PYTHON.toString(), "-c", "import yaml, websocket").start().waitFor()
            == 0,
        "python3-yaml and python3-websocket (apt-get install python3-yaml python3-websocket)");
    Path script = repoRoot.resolve("pebble/src/test/python/ops_client_acceptance.py");

    Path root = Files.createDirectories(dir.resolve("root"));
    Files.createDirectories(root.resolve("etc"));
    Files.createDirectories(root.resolve("var/lib"));
    Path socket = dir.resolve("pebble.socket");
    List<PebbleEvent> events = new CopyOnWriteArrayList<>();
    try (Pebble pebble =
        new Pebble(PebbleOptions.local(socket, root, Clock.systemUTC(), events::add))) {
      PebbleServer.serve(pebble);
      ProcessBuilder builder =
          new ProcessBuilder(
                  PYTHON.toString(),
                  script.toString(),
                  socket.toString(),
                  Integer.toString(freePort()))
              .redirectErrorStream(true);
      builder.environment().put("PYTHONPATH", vendor.toString());
      Process python = builder.start();
      python.getOutputStream().close();
      String output;
      try (var in = python.getInputStream()) {
        boolean done = python.waitFor(240, TimeUnit.SECONDS);
        if (!done) {
          python.destroyForcibly();
        }
        output = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      }
      System.out.println(output);
      assertThat(python.exitValue()).as(output).isZero();
      assertThat(output).contains("passed, 0 failed");
    }
    assertThat(events)
        .anyMatch(e -> e instanceof PebbleEvent.LayerAdded l && l.label().equals("base"));
    assertThat(events)
        .anyMatch(e -> e instanceof PebbleEvent.ServiceStarted s && s.service().equals("web"));
    assertThat(events)
        .anyMatch(
            e ->
                e instanceof PebbleEvent.ServiceExited x
                    && x.service().equals("crash")
                    && x.exitCode() == 3);
    assertThat(events)
        .anyMatch(e -> e instanceof PebbleEvent.CheckDown d && d.check().equals("web-up"));
    assertThat(events)
        .anyMatch(
            e -> e instanceof PebbleEvent.NoticeAdded n && n.key().equals("example.com/backup"));
  }

  /**
   * Skips where {@code what} is missing, saying so; fails in CI ({@code CI=true}), where this test
   * must not vanish from the run without a word.
   */
  private static void require(boolean present, String what) {
    if (present) return;
    if ("true".equalsIgnoreCase(System.getenv("CI"))) fail("CI=true and " + what + " is missing");
    abort("skipped: " + what + " is needed");
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }
}
