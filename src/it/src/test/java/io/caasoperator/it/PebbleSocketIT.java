package io.caasoperator.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.caasoperator.domain.UnitId;
import io.caasoperator.substrate.local.workload.SocketRoot;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Unit containers' Pebbles whatever the names: a data directory of more than 150 bytes, an
 * application and a container whose names are over 40 characters each (together far past the 107
 * bytes a Unix socket's path may have). The operator binds each socket under a short directory of
 * its own ({@code $XDG_RUNTIME_DIR/caas-operator/<id>} here), the charm (ops 2.17, unmodified)
 * finds it at {@code /charm/containers/<name>/pebble.socket}; and a Pebble that cannot start says
 * why in status.
 */
class PebbleSocketIT {
  private static final String APPLICATION = "an-application-with-a-name-long-enough-for-sockets";
  private static final String CONTAINER = "a-workload-container-with-a-rather-long-name";

  /** Adds a layer and replans in {@code <container>-pebble-ready}, as the Juju docs show. */
  private static final String CHARM =
      CharmPy.charm("LongCharm")
          .observe("_ready", CONTAINER.replace('-', '_') + "_pebble_ready")
          .methods(
              """
              def _ready(self, event: ops.PebbleReadyEvent):
                  port = int(self.config["port"]) + int(self.unit.name.split("/")[1])
                  event.workload.add_layer("web", {"services": {"http": {
                      "override": "replace", "startup": "enabled",
                      "command": f"python3 -m http.server {port} --bind 127.0.0.1"}}}, combine=True)
                  event.workload.replan()
                  running = event.workload.get_service("http").is_running()
                  self.unit.status = ops.ActiveStatus(f"serving on {port}: {running}")
              """)
          .text();

  private static final String METADATA =
      """
      name: long
      summary: A sidecar charm with a long container name.
      description: Pebble sockets.
      containers:
        %s:
          resource: image
      resources:
        image:
          type: oci-image
          description: the workload image
      """
          .formatted(CONTAINER);

  @RegisterExtension final Operators operators = new Operators();

  private Path charm;
  private Path runtime;
  private int port;

  @BeforeEach
  void packCharm() throws Exception {
    Assumptions.assumeTrue(
        PebbleCharmIT.python("websocket"),
        "skipped: /usr/bin/python3 with websocket-client is needed (python3-websocket)");
    Assumptions.assumeTrue(
        PebbleCharmIT.works("bwrap", "--ro-bind", "/", "/", "--dev", "/dev", "true"),
        "skipped: bubblewrap is needed (apt-get install bubblewrap)");
    assertThat(APPLICATION.length()).isGreaterThan(40);
    assertThat(CONTAINER.length()).isGreaterThan(40);
    charm =
        VendoredOps.charm(CHARM)
            .file("metadata.yaml", METADATA)
            .file("config.yaml", "options:\n  port:\n    type: int\n    default: 8080\n")
            .writeTo(operators.tmp().resolve("long.charm"));
    // the user's runtime directory, as a login session has it: private to the user
    runtime = Files.createDirectory(operators.tmp().resolve("run"));
    Files.setPosixFilePermissions(runtime, PosixFilePermissions.fromString("rwx------"));
  }

  @AfterEach
  void killLeftServices() {
    PebbleCharmIT.services(port).forEach(ProcessHandle::destroyForcibly);
    PebbleCharmIT.services(port + 1).forEach(ProcessHandle::destroyForcibly);
  }

  private OperatorProcess start(int scale) throws Exception {
    port = PebbleCharmIT.freePortPair();
    SpecFile spec =
        operators.spec(APPLICATION, charm).withScale(scale).withConfig(Map.of("port", port));
    spec.write();
    OperatorProcess operator =
        operators.startWithEnvironment(
            spec,
            Map.of(
                "PATH",
                VendoredOps.environment().get("PATH"),
                "XDG_RUNTIME_DIR",
                runtime.toString()));
    // on a busy machine its start alone can take most of awaitListening's patience: the log line
    // that the listener is bound comes first
    operator.awaitLog("listening on https://");
    operator.awaitListening();
    return operator;
  }

  private String unit(int n) {
    return APPLICATION + "/" + n;
  }

  private void awaitServing(OperatorApi api, int... units) {
    Expect.status(
        api,
        "units serving",
        s -> {
          if (!s.allUnitsIdle()) return false;
          for (int n : units) {
            if (!s.workloadMessage(unit(n)).equals("serving on " + (port + n) + ": True"))
              return false;
          }
          return true;
        });
  }

  @Test
  void pebbleAnswersAndPebbleReadyRunsOnEveryUnitWithLongNamesAndADeepDataDirectory()
      throws Exception {
    Path data = operators.deepDataDir(160);
    assertThat(data.toString().getBytes(StandardCharsets.UTF_8).length).isGreaterThan(150);
    OperatorProcess operator = start(2);
    OperatorApi api = operator.awaitListening();
    awaitServing(api, 0, 1);
    assertThat(PebbleCharmIT.get(port, "/")).as("unit 0's service answers").isEqualTo(200);
    assertThat(PebbleCharmIT.get(port + 1, "/")).as("unit 1's service answers").isEqualTo(200);

    for (int n : new int[] {0, 1}) {
      JsonNode container =
          api.get("/v1/units/" + unit(n) + "/containers").body().path("containers").get(0);
      Path socket = Path.of(container.path("socket").asText());
      assertThat(socket.toString().getBytes(StandardCharsets.UTF_8).length)
          .isLessThanOrEqualTo(SocketRoot.SOCKET_PATH_LIMIT);
      assertThat(socket).startsWithRaw(runtime.resolve("caas-operator"));
      Path link = UnitDir.of(data, unit(n)).path().resolve("containers").resolve(CONTAINER);
      assertThat(link.toRealPath())
          .as("the unit's containers/<name> names the socket's directory")
          .isEqualTo(socket.getParent().toRealPath());
      assertThat(link.toString().length()).isGreaterThan(SocketRoot.SOCKET_PATH_LIMIT);
    }
    Cli.Result status = operators.cli("status");
    assertThat(status.exitCode()).as(status.stderr()).isZero();
    assertThat(status.stdout())
        .containsPattern(unit(0) + " +" + CONTAINER + " +http +enabled +active")
        .containsPattern(unit(1) + " +" + CONTAINER + " +http +enabled +active");

    operator.terminate();
    assertThat(operator.exitCode(OperatorProcess.PATIENCE)).isZero();
  }

  @Test
  void aUnitWhosePebbleCannotStartShowsWhyInStatusAndStartsOnceTheCauseIsGone() throws Exception {
    OperatorProcess operator = start(1);
    OperatorApi api = operator.awaitListening();
    awaitServing(api, 0);

    // where unit 1's socket directory will be: in the way of it, a file (a directory's mode would
    // not stop an operator that runs as root)
    Path socketRoot =
        UnitDir.of(operators.dataDir(), unit(0))
            .path()
            .resolve("containers")
            .resolve(CONTAINER)
            .toRealPath()
            .getParent();
    Path blocked =
        new SocketRoot(socketRoot, SocketRoot.currentUid())
            .dirFor(UnitId.of(APPLICATION, 1), CONTAINER);
    Files.writeString(blocked, "in the way");
    operators.spec(APPLICATION, charm).withScale(2).withConfig(Map.of("port", port)).write();

    String reason =
        "container "
            + CONTAINER
            + ": Pebble cannot start: cannot make the socket directory "
            + blocked
            + ": a file that is not a directory is there";
    Status shown =
        Expect.status(
            api,
            unit(1) + " blocked by its container",
            s ->
                s.unitNames().contains(unit(1))
                    && s.workload(unit(1)).equals("blocked")
                    && s.workloadMessage(unit(1)).equals(reason));
    assertThat(shown.workloadMessage(unit(0))).isEqualTo("serving on " + port + ": True");
    Cli.Result json = operators.cli("status", "--format", "json");
    assertThat(json.exitCode()).as(json.stderr()).isZero();
    assertThat(json.stdout()).contains(reason);
    Cli.Result text = operators.cli("status");
    assertThat(text.stdout()).contains("blocked", "Pebble cannot start");
    operator.awaitLog("the Pebble of container " + CONTAINER + " cannot start");

    Files.delete(blocked);
    awaitServing(api, 0, 1);
    operator.awaitLog("the Pebble of container " + CONTAINER + " started after \\d+ failed");
    assertThat(
            await()
                .atMost(OperatorProcess.PATIENCE)
                .ignoreExceptions()
                .until(() -> PebbleCharmIT.get(port + 1, "/"), code -> code == 200))
        .isEqualTo(200);
    assertThat(api.status().workload(unit(1))).isEqualTo("active");

    operator.terminate();
    assertThat(operator.exitCode(OperatorProcess.PATIENCE)).isZero();
    assertThat(List.of(PebbleCharmIT.services(port), PebbleCharmIT.services(port + 1)))
        .allMatch(List::isEmpty);
  }
}
