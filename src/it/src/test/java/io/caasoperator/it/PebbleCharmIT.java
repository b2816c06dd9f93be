package io.caasoperator.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * An unmodified sidecar charm (ops 2.17.0, packed as charmcraft packs it) with a container {@code
 * web}, through the real operator on the local substrate: each unit's container gets a Pebble at
 * {@code /charm/containers/web/pebble.socket}, {@code web-pebble-ready} adds a layer and replans a
 * service ({@code python3 -m http.server}), a config change merges an environment layer and
 * restarts it, and an action pushes, pulls and execs in the container.
 */
class PebbleCharmIT {

  private static final String DISPATCH =
      """
            #!/bin/sh
            JUJU_DISPATCH_PATH="${JUJU_DISPATCH_PATH:-$0}" PYTHONPATH=lib:venv:/usr/lib/python3/dist-packages exec ./src/charm.py
            """;

  /** Written as the Juju docs' "How to run workloads with your charm" shows it. */
  private static final String CHARM =
      CharmPy.charm("WebCharm")
          .module(
              """
              \"""A web server in a sidecar container, run by Pebble.\"""
              import logging

              import ops

              logger = logging.getLogger(__name__)
              """)
          .observe("_on_web_pebble_ready", "web_pebble_ready")
          .observe("_on_config_changed", "config_changed")
          .observe("_on_files", "files_action")
          .observe("_on_run", "run_action")
          .observe("_on_service", "service_action")
          .observe("_on_notify", "notify_action")
          .observe("_on_http", "http_action")
          .observe("_on_custom_notice", "web_pebble_custom_notice")
          .observe("_on_check", "web_pebble_check_failed")
          .observe("_on_check", "web_pebble_check_recovered")
          .methods(
              """
              def _port(self):
                  return int(self.config["port"]) + int(self.unit.name.split("/")[1])

              def _on_web_pebble_ready(self, event: ops.PebbleReadyEvent):
                  layer = {
                      "summary": "web layer",
                      "services": {
                          "http": {
                              "override": "replace",
                              "summary": "a static web server",
                              "command": f"python3 -m http.server {self._port()} --bind 127.0.0.1",
                              "startup": "enabled",
                          }
                      },
                      "checks": {
                          "up": {
                              "override": "replace",
                              "level": "alive",
                              "period": "1s",
                              "http": {"url": f"http://127.0.0.1:{self._port()}/"},
                          }
                      },
                  }
                  event.workload.add_layer("web", layer, combine=True)
                  event.workload.replan()
                  self.unit.status = ops.ActiveStatus(f"serving on {self._port()}")

              def _on_config_changed(self, event):
                  container = self.unit.get_container("web")
                  if not container.can_connect() or "http" not in container.get_plan().services:
                      logger.info("web service not planned yet: pebble-ready will")
                      return
                  layer = {"services": {"http": {"override": "merge",
                                                 "environment": {"GREETING": self.config["greeting"]}}}}
                  container.add_layer("env", layer, combine=True)
                  container.restart("http")

              def _on_files(self, event: ops.ActionEvent):
                  container = self.unit.get_container("web")
                  path = event.params["path"]
                  if "content" in event.params:
                      container.push(path, event.params["content"], make_dirs=True)
                  listed = [f.name for f in container.list_files(path.rsplit("/", 1)[0])]
                  event.set_results({"content": container.pull(path).read(), "listed": ",".join(listed),
                                     "missing": str(container.exists("/no/such/file"))})

              def _on_run(self, event: ops.ActionEvent):
                  container = self.unit.get_container("web")
                  process = container.exec(["cat"], stdin="from stdin")
                  out, _ = process.wait_output()
                  # the container's own files, at their container paths, and its own /tmp
                  seen, _ = container.exec(["sh", "-c", "cat /srv/who.txt; echo; ls /tmp"]).wait_output()
                  container.exec(["sh", "-c", "echo mine > /tmp/$(cat /srv/who.txt)"]).wait_output()
                  try:
                      container.exec(["sh", "-c", "echo failing >&2; exit 3"]).wait_output()
                      code = 0
                  except ops.pebble.ExecError as e:
                      code = e.exit_code
                  try:
                      container.exec(["sleep", "30"], timeout=0.5).wait()
                      timeout = "not timed out"
                  except ops.pebble.ChangeError as e:
                      timeout = "timed out" if "timed out after 500ms" in e.err else e.err
                  event.set_results({"output": out, "exit-code": str(code), "seen": seen.strip(),
                                     "timeout": timeout})

              def _on_service(self, event: ops.ActionEvent):
                  container = self.unit.get_container("web")
                  service = container.get_service("http")
                  env = container.get_plan().services["http"].environment
                  event.set_results({"running": str(service.is_running()), "greeting": env.get("GREETING", "")})

              def _on_notify(self, event: ops.ActionEvent):
                  pebble = self.unit.get_container("web").pebble
                  notice_id = pebble.notify(ops.pebble.NoticeType.CUSTOM, event.params["key"],
                                            data={"path": "/srv/backup"})
                  event.set_results({"id": notice_id})

              def _on_http(self, event: ops.ActionEvent):
                  container = self.unit.get_container("web")
                  if event.params["run"]:
                      container.start("http")
                  else:
                      container.stop("http")

              def _on_custom_notice(self, event: ops.PebbleCustomNoticeEvent):
                  notice = event.notice
                  self.unit.status = ops.ActiveStatus(
                      f"notice {notice.type.value} {notice.key} {notice.id} {notice.last_data['path']}")

              def _on_check(self, event: ops.PebbleCheckEvent):
                  info = event.info
                  status = getattr(info.status, "value", info.status)
                  self.unit.status = ops.ActiveStatus(f"check {info.name} {status} ({event.handle.kind})")
              """)
          .text();

  private static final String METADATA =
      """
            name: web
            summary: A web server in a sidecar container.
            description: Pebble.
            containers:
              web:
                resource: web-image
            resources:
              web-image:
                type: oci-image
                description: the workload image
            """;

  private static final String ACTIONS =
      """
            files:
              params:
                path: {type: string}
                content: {type: string}
            run: {}
            service: {}
            notify:
              params:
                key: {type: string}
            http:
              params:
                run: {type: boolean}
            """;

  @RegisterExtension final Operators operators = new Operators();

  private Path charm;

  @BeforeEach
  void packCharm() throws Exception {
    Path ops = VendoredOps.opsPackage();
    Prerequisite.require(
        python("websocket"), "/usr/bin/python3 with websocket-client (python3-websocket)");
    Prerequisite.require(Prerequisite.bubblewrap(), Prerequisite.BUBBLEWRAP);
    charm =
        new CharmArchive()
            .executable("dispatch", DISPATCH)
            .executable("src/charm.py", CHARM)
            .tree(ops, "venv/ops")
            .file("metadata.yaml", METADATA)
            .file(
                "config.yaml",
                "options:\n  port:\n    type: int\n    default: 8080\n"
                    + "  greeting:\n    type: string\n    default: hello\n")
            .file("actions.yaml", ACTIONS)
            .file("manifest.yaml", VendoredOps.MANIFEST)
            .writeTo(operators.tmp().resolve("web.charm"));
  }

  private int port;

  /** A test that failed half-way leaves no service behind (a passing one stops them itself). */
  @AfterEach
  void killLeftServices() {
    services(port).forEach(ProcessHandle::destroyForcibly);
    services(port + 1).forEach(ProcessHandle::destroyForcibly);
  }

  private OperatorProcess start(SpecFile spec) {
    // ops needs PyYAML and websocket-client: Debian's python3 has them, whatever python3 comes
    // first here
    OperatorProcess operator = operators.startWithEnvironment(spec, VendoredOps.environment());
    // on a busy machine its start alone can take most of awaitListening's patience: the log line
    // that the listener is bound comes first
    operator.awaitLog("listening on https://");
    operator.awaitListening();
    return operator;
  }

  private SpecFile webSpec(int scale) throws IOException {
    port = freePortPair();
    return operators.spec("web", charm).withScale(scale).withConfig(Map.of("port", port)).write();
  }

  private static void awaitServing(OperatorApi api, int port, String... units) {
    Expect.status(
        api,
        "units serving",
        s ->
            s.allUnitsIdle()
                && s.unitNames().equals(List.of(units))
                && java.util.stream.IntStream.range(0, units.length)
                    .allMatch(
                        i ->
                            s.unit(units[i])
                                .path("workloadStatus")
                                .path("message")
                                .asText()
                                .equals("serving on " + (port + i))));
  }

  /** The processes of the service of the unit serving on {@code port}. */
  static List<ProcessHandle> services(int port) {
    // the service itself, not the bubblewrap that holds its container's view
    return ProcessHandle.allProcesses()
        .filter(
            p ->
                p.info()
                        .commandLine()
                        .map(c -> c.contains("http.server " + port + " "))
                        .orElse(false)
                    && !p.info().command().orElse("").endsWith("bwrap"))
        .toList();
  }

  @Test
  void pebbleReadyStartsTheServiceAConfigChangeRestartsItAndTheContainersFilesAreTheUnitsOwn()
      throws Exception {
    SpecFile spec = webSpec(2);
    OperatorProcess operator = start(spec);
    OperatorApi api = operator.awaitListening();
    awaitServing(api, port, "web/0", "web/1");
    assertThat(get(port, "/")).as("web/0's service answers").isEqualTo(200);
    assertThat(get(port + 1, "/")).as("web/1's service answers").isEqualTo(200);

    // push, pull, list, exists; the same path in each unit's container holds that unit's file
    JsonNode pushed0 =
        action(api, "web/0", "files", "{\"path\": \"/srv/who.txt\", \"content\": \"zero\"}");
    JsonNode pushed1 =
        action(api, "web/1", "files", "{\"path\": \"/srv/who.txt\", \"content\": \"one\"}");
    assertThat(pushed0.path("content").asText()).isEqualTo("zero");
    assertThat(pushed1.path("content").asText()).isEqualTo("one");
    assertThat(
            action(api, "web/0", "files", "{\"path\": \"/srv/who.txt\"}").path("content").asText())
        .as("web/1's push is not in web/0's container")
        .isEqualTo("zero");
    assertThat(pushed0.path("listed").asText()).isEqualTo("who.txt");
    assertThat(pushed0.path("missing").asText())
        .as("Container.exists of a missing path")
        .isEqualTo("False");
    // the service serves its container's root: what the charm pushed
    assertThat(body(port, "/srv/who.txt")).isEqualTo("zero");
    assertThat(body(port + 1, "/srv/who.txt")).isEqualTo("one");

    // exec with standard input, and a command that fails
    JsonNode ran = action(api, "web/0", "run", "{}");
    assertThat(ran.path("output").asText()).isEqualTo("from stdin");
    assertThat(ran.path("exit-code").asText()).isEqualTo("3");
    assertThat(ran.path("timeout").asText()).as("exec with a timeout").isEqualTo("timed out");
    // commands run in the unit's container: its files, its own /tmp (web/0 wrote /tmp/zero)
    assertThat(ran.path("seen").asText()).isEqualTo("zero");
    assertThat(action(api, "web/1", "run", "{}").path("seen").asText())
        .as("web/1 sees its own /srv/who.txt, and not web/0's /tmp/zero")
        .isEqualTo("one");
    assertThat(action(api, "web/0", "run", "{}").path("seen").asText()).isEqualTo("zero\nzero");

    JsonNode before = action(api, "web/0", "service", "{}");
    assertThat(before.path("running").asText()).isEqualTo("True");
    assertThat(before.path("greeting").asText())
        .as("config-changed ran before pebble-ready, with nothing to merge into")
        .isEmpty();

    spec.withConfig(Map.of("port", port, "greeting", "bonjour")).write();
    await("the environment layer merged and the service restarted")
        .atMost(OperatorProcess.PATIENCE)
        .pollInterval(Duration.ofMillis(500))
        .untilAsserted(
            () -> {
              JsonNode after = action(api, "web/0", "service", "{}");
              assertThat(after.path("greeting").asText()).isEqualTo("bonjour");
              assertThat(after.path("running").asText()).isEqualTo("True");
            });
    await("the restarted service to answer")
        .atMost(OperatorProcess.PATIENCE)
        .ignoreExceptions()
        .until(() -> get(port, "/") == 200);

    // what a user sees: the containers' services in status, a service's output in logs
    Cli.Result status = operators.cli("status");
    assertThat(status.exitCode()).as(status.stderr()).isZero();
    assertThat(status.stdout())
        .containsPattern("web/0 +web +http +enabled +active")
        .containsPattern("web/1 +web +http +enabled +active")
        .containsPattern("web/0 +web +check up +alive +up +0/3");
    // every line kept: the check's "GET /" each second pushes who.txt's out of the default 30 on a
    // machine slow enough that half a minute passes between that request and this one
    Cli.Result logs =
        operators.cli("logs", "web/0", "--container", "web", "--service", "http", "-n", "1000");
    assertThat(logs.exitCode()).as(logs.stderr()).isZero();
    assertThat(logs.stdout()).contains("[http] ", "\"GET /srv/who.txt HTTP/1.1\" 200");
    assertThat(operators.cli("logs", "web/0", "--container", "nope").stderr())
        .contains("has no container \"nope\"");
    Cli.Result journal =
        operators.cli("journal", "--type", "LayerAdded,ServiceStarted", "--format", "json");
    assertThat(journal.exitCode()).as(journal.stderr()).isZero();
    assertThat(journal.stdout())
        .as("layers and service starts are journaled per unit container")
        .contains("pebble|web/0/web", "pebble|web/1/web", "python3 -m http.server", "GREETING");

    // scaling down removes web/1: its container's services stop before its directory goes
    spec.withConfig(Map.of("port", port, "greeting", "bonjour")).withScale(1).write();
    Path removed = UnitDir.of(operators.dataDir(), "web/1").path();
    await("web/1 removed, its service stopped")
        .atMost(OperatorProcess.PATIENCE)
        .until(() -> services(port + 1).isEmpty() && !Files.exists(removed));
    assertThat(services(port)).as("web/0 serves on").hasSize(1);

    operator.terminate();
    assertThat(operator.exitCode(OperatorProcess.PATIENCE)).isZero();
    assertThat(services(port)).as("a clean shutdown stops every container's services").isEmpty();
  }

  @Test
  void servicesLeftByAKilledOperatorAreStoppedAndTheCharmReplansThemAfterPebbleReadyRunsAgain()
      throws Exception {
    SpecFile spec = webSpec(1);
    OperatorProcess first = start(spec);
    awaitServing(first.awaitListening(), port, "web/0");
    List<ProcessHandle> orphans = services(port);
    assertThat(orphans).hasSize(1);
    first.kill9();
    assertThat(orphans.get(0).isAlive())
        .as("a service outlives an operator killed with SIGKILL")
        .isTrue();

    OperatorProcess second = start(spec);
    OperatorApi api = second.awaitListening();
    await("the orphaned service stopped")
        .atMost(OperatorProcess.PATIENCE)
        .until(() -> !orphans.get(0).isAlive());
    second.awaitLog(
        "stopped 1 service process group\\(s\\) of container web left by an operator that was killed");
    await("web-pebble-ready again, and the service replanned")
        .atMost(OperatorProcess.PATIENCE)
        .ignoreExceptions()
        .until(() -> services(port).size() == 1 && get(port, "/") == 200);
    assertThat(
            UnitDir.of(operators.dataDir(), "web/0").path().resolve("containers/web/pebble.socket"))
        .exists();
    second.terminate();
    assertThat(second.exitCode(OperatorProcess.PATIENCE)).isZero();
    assertThat(services(port)).isEmpty();
  }

  @Test
  void aCustomNoticeAndACheckThatFailsAndRecoversRunTheirHooks() throws Exception {
    SpecFile spec = webSpec(1);
    OperatorProcess operator = start(spec);
    OperatorApi api = operator.awaitListening();
    awaitServing(api, port, "web/0");

    // the charm records a notice in its container's Pebble (as a workload's `pebble notify` would)
    String id =
        action(api, "web/0", "notify", "{\"key\": \"example.com/backup\"}").path("id").asText();
    awaitMessage(api, "notice custom example.com/backup " + id + " /srv/backup");

    // the "up" check (http, every 1 s, threshold 3) fails once the service stops, recovers after
    action(api, "web/0", "http", "{\"run\": false}");
    awaitMessage(api, "check up down (web_pebble_check_failed)");
    action(api, "web/0", "http", "{\"run\": true}");
    awaitMessage(api, "check up up (web_pebble_check_recovered)");

    Cli.Result journal =
        operators.cli(
            "journal",
            "--type",
            "PebbleNoticeObserved,CheckFailed,CheckRecovered",
            "--format",
            "json");
    assertThat(journal.exitCode()).as(journal.stderr()).isZero();
    assertThat(journal.stdout())
        .as(
            "what the charm heard of is journaled with the unit, the check's transitions with the container")
        .contains(
            "unit|web/0",
            "example.com/backup",
            "pebble|web/0/web",
            "CheckFailed",
            "CheckRecovered");
    operator.terminate();
    assertThat(operator.exitCode(OperatorProcess.PATIENCE)).isZero();
  }

  private static void awaitMessage(OperatorApi api, String message) {
    Expect.status(
        api,
        "web/0's status \"" + message + "\"",
        s ->
            s.allUnitsIdle()
                && s.unit("web/0").path("workloadStatus").path("message").asText().equals(message));
  }

  private static JsonNode action(OperatorApi api, String unit, String name, String params) {
    OperatorApi.Reply queued =
        api.post("/v1/units/" + unit + "/actions/" + name, "{\"params\": " + params + "}");
    assertThat(queued.code()).as("%s", queued.body()).isEqualTo(202);
    long id = queued.body().path("id").asLong();
    OperatorApi.Reply done = api.get("/v1/actions/" + id + "?wait=120s");
    assertThat(done.body().path("status").asText()).as("%s", done.body()).isEqualTo("completed");
    return done.body().path("results");
  }

  private static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  static int get(int port, String path) throws IOException, InterruptedException {
    return HTTP.send(request(port, path), HttpResponse.BodyHandlers.discarding()).statusCode();
  }

  private static String body(int port, String path) throws IOException, InterruptedException {
    return HTTP.send(request(port, path), HttpResponse.BodyHandlers.ofString()).body();
  }

  private static HttpRequest request(int port, String path) {
    return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
        .timeout(Duration.ofSeconds(10))
        .build();
  }

  /** A port that is free, and the next one too (one per unit). */
  static int freePortPair() throws IOException {
    for (int attempt = 0; attempt < 50; attempt++) {
      try (ServerSocket first = new ServerSocket(0)) {
        int port = first.getLocalPort();
        try (ServerSocket second = new ServerSocket(port + 1)) {
          return port;
        } catch (IOException taken) {
          // try another
        }
      }
    }
    throw new IOException("no two consecutive free ports");
  }

  static boolean python(String module) throws IOException, InterruptedException {
    return works("/usr/bin/python3", "-c", "import " + module);
  }

  static boolean works(String... command) throws InterruptedException {
    try {
      Process check = new ProcessBuilder(command).redirectErrorStream(true).start();
      return check.waitFor(30, TimeUnit.SECONDS) && check.exitValue() == 0;
    } catch (IOException e) {
      return false;
    }
  }
}
