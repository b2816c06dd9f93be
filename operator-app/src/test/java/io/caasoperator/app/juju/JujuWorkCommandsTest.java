package io.caasoperator.app.juju;

import static io.caasoperator.app.juju.JujuCalls.assertRefused;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.caasoperator.app.juju.JujuCalls.Call;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code show-unit}, {@code show-application}, {@code debug-log}, {@code show-task} and {@code
 * operations} as a test drives them, in this JVM: a model whose operator's report is given here
 * (its {@code GET /v1/status}), its log a file written here; no operator runs, so the commands that
 * need one say so.
 */
class JujuWorkCommandsTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path home;
  @TempDir Path state;

  /** What the model's operator reports; empty: none runs. */
  private final AtomicReference<Optional<JsonNode>> report =
      new AtomicReference<>(Optional.empty());

  private Call juju(String... args) {
    return new JujuCalls(home).examples(state).withStatus(model -> report.get()).juju(args);
  }

  @BeforeEach
  void aModelOfOneApplication() {
    assertThat(juju("add-model", "foo").code()).isZero();
    assertThat(juju("deploy", "./kv-store", "-n", "2").code()).isZero();
  }

  /** The operator's report: kv-store with two units and a peer relation. */
  private void reporting() throws Exception {
    report.set(
        Optional.of(
            JSON.readTree(
                """
                {"model": "foo", "relations": [],
                 "applications": [{"application": "kv-store",
                   "status": {"value": "active", "message": ""},
                   "charm": {"name": "kv-store", "generation": 1},
                   "leader": "kv-store/0",
                   "units": [
                     {"unit": "kv-store/0", "leader": true, "life": "alive",
                      "workloadStatus": {"value": "active"}, "agentStatus": {"value": "idle"},
                      "ports": ["6379/tcp"]},
                     {"unit": "kv-store/1", "leader": false, "life": "alive",
                      "workloadStatus": {"value": "active"}, "agentStatus": {"value": "idle"},
                      "ports": []}],
                   "relations": [{"id": "cluster:0", "endpoint": "cluster",
                     "interfaceName": "kv-cluster", "type": "peer", "remoteApplication": "kv-store",
                     "units": ["kv-store/0", "kv-store/1"], "applicationData": {},
                     "unitData": {"kv-store/0": {"name": "s0"}, "kv-store/1": {"name": "s1"}},
                     "remoteUnits": [], "remoteApplicationData": {}, "remoteUnitData": {}}]}]}
                """)));
  }

  @Test
  void aRemovedApplicationsNameStaysTakenUntilItsOperatorHasLetItGo() throws Exception {
    reporting();
    assertThat(juju("remove-application", "kv-store").code()).isZero();

    Call status = juju("status", "--format", "json");
    assertThat(status.json().path("applications").path("kv-store").path("life").asText())
        .isEqualTo("dying");
    assertRefused(
        juju("deploy", "./kv-store"),
        1,
        "ERROR cannot add application \"kv-store\": application already exists\n");

    report.set(Optional.of(JSON.readTree("{\"model\": \"foo\", \"applications\": []}")));
    Call again = juju("deploy", "./kv-store");
    assertThat(again.code()).as(again.stderr()).isZero();
  }

  @Test
  void showUnitPrintsEachUnitWithItsRelationData() throws Exception {
    reporting();

    Call shown = juju("show-unit", "kv-store/0", "--format", "json");
    Call yaml = juju("show-unit", "kv-store/1");

    assertThat(shown.code()).as(shown.stderr()).isZero();
    JsonNode unit = shown.json().path("kv-store/0");
    assertThat(unit.path("opened-ports").get(0).asText()).isEqualTo("6379/tcp");
    assertThat(unit.path("charm").asText()).isEqualTo("local:kv-store-0");
    JsonNode cluster = unit.path("relation-info").get(0);
    assertThat(cluster.path("local-unit").path("data").path("name").asText()).isEqualTo("s0");
    assertThat(cluster.path("related-units").path("kv-store/1").path("data").path("name").asText())
        .isEqualTo("s1");
    assertThat(yaml.stdout()).startsWith("kv-store/1:\n").contains("relation-info:");
  }

  @Test
  void showUnitRefusesBadNamesAndUnknownUnits() throws Exception {
    reporting();

    Call bad = juju("show-unit", "kv-store", "x/y");
    Call none = juju("show-unit");
    Call unknown = juju("show-unit", "kv-store/7");

    assertRefused(bad, 2, "ERROR unit names kv-store, x/y not valid\n");
    assertThat(none.code()).isEqualTo(2);
    assertRefused(unknown, 1, "ERROR unit \"kv-store/7\" not found\n");
  }

  @Test
  void showApplicationPrintsJujusApplicationInfo() throws Exception {
    Call shown = juju("show-application", "kv-store", "--format", "json");
    Call unknown = juju("show-application", "kv-store", "db");

    assertThat(shown.code()).as(shown.stderr()).isZero();
    JsonNode app = shown.json().path("kv-store");
    assertThat(app.path("charm").asText()).isEqualTo("kv-store");
    assertThat(app.path("principal").asBoolean()).isTrue();
    assertThat(app.path("exposed").asBoolean(true)).isFalse();
    assertRefused(unknown, 1, "ERROR application \"db\" not found\n");
  }

  private void operatorLog(int hooks) throws Exception {
    List<String> lines = new ArrayList<>();
    lines.add("2026-11-27T10:00:00.000Z INFO  OperatorRuntime - CAAS Operator started");
    for (int i = 0; i < hooks; i++) {
      String unit = "kv-store/" + (i % 2);
      lines.add(
          "2026-11-27T10:00:%02d.000Z INFO  UnitActor - unit %s install: step %d"
              .formatted(i, unit, i));
      lines.add(
          "2026-11-27T10:00:%02d.500Z INFO  UnitActor - unit %s hook install completed in 5 ms"
              .formatted(i, unit));
    }
    Files.write(home.resolve("models/foo/operator.log"), lines);
  }

  @Test
  void debugLogShowsTheLastLinesOrEverythingOrALimitThenEnds() throws Exception {
    operatorLog(8);

    Call last = juju("debug-log", "--no-tail");
    Call replay = juju("debug-log", "--replay", "--no-tail");
    Call limited = juju("debug-log", "--limit", "3");
    Call first = juju("debug-log", "--replay", "--limit", "2");
    Call one = juju("debug-log", "--no-tail", "--replay", "--include", "kv-store/1", "-m", "foo");

    assertThat(last.code()).as(last.stderr()).isZero();
    assertThat(last.stdout().lines()).hasSize(10);
    assertThat(replay.stdout().lines()).hasSize(16);
    assertThat(replay.stdout().lines().findFirst().orElseThrow())
        .isEqualTo("unit-kv-store-0: 10:00:00 INFO unit.kv-store/0.juju-log step 0");
    assertThat(limited.stdout().lines().toList())
        .containsExactly(
            "unit-kv-store-0: 10:00:06 INFO juju.worker.uniter.operation ran \"install\" hook"
                + " (via hook dispatching script: dispatch)",
            "unit-kv-store-1: 10:00:07 INFO unit.kv-store/1.juju-log step 7",
            "unit-kv-store-1: 10:00:07 INFO juju.worker.uniter.operation ran \"install\" hook"
                + " (via hook dispatching script: dispatch)");
    assertThat(first.stdout().lines().toList())
        .containsExactly(
            "unit-kv-store-0: 10:00:00 INFO unit.kv-store/0.juju-log step 0",
            "unit-kv-store-0: 10:00:00 INFO juju.worker.uniter.operation ran \"install\" hook"
                + " (via hook dispatching script: dispatch)");
    assertThat(one.stdout().lines()).hasSize(8).allMatch(l -> l.startsWith("unit-kv-store-1: "));
  }

  @Test
  void debugLogRefusesABadLevelAndTailWithNoTail() {
    Call level = juju("debug-log", "--level", "LOUD");
    Call both = juju("debug-log", "--tail", "--no-tail");

    assertRefused(
        level,
        2,
        "ERROR level value \"LOUD\" is not one of \"TRACE\", \"DEBUG\", \"INFO\", \"WARNING\","
            + " \"ERROR\"\n");
    assertThat(both.code()).isEqualTo(2);
  }

  @Test
  void tasksNeedANumberAndARunningOperator() {
    Call bad = juju("show-task", "abc");
    Call none = juju("show-task");
    Call down = juju("show-task", "3");
    Call operations = juju("operations", "--format", "json");
    Call background = juju("run", "kv-store/0", "backup", "--background");

    assertRefused(bad, 2, "ERROR task ID \"abc\" not valid\n");
    assertRefused(none, 2, "ERROR no task ID specified\n");
    assertThat(down.code()).isEqualTo(1);
    assertThat(down.stderr()).startsWith("ERROR the model's operator is not running");
    assertThat(operations.code()).isEqualTo(1);
    assertThat(background.code()).isEqualTo(1);
    assertThat(background.stderr()).startsWith("ERROR the model's operator is not running");
  }

  @Test
  void showOperationNeedsANumberAFormatItKnowsAndARunningOperator() {
    Call bad = juju("show-operation", "abc");
    Call none = juju("show-operation");
    Call both = juju("show-operation", "3", "--watch", "--wait", "1m");
    Call plain = juju("show-operation", "3", "--format", "plain");
    Call down = juju("show-operation", "3", "--format", "json");

    assertRefused(bad, 2, "ERROR operation ID \"abc\" not valid\n");
    assertRefused(none, 2, "ERROR no operation ID specified\n");
    assertRefused(both, 2, "ERROR specify either --watch or --wait but not both\n");
    assertThat(plain.code()).as("Juju's show-operation has yaml and json only").isEqualTo(2);
    assertThat(down.code()).isEqualTo(1);
    assertThat(down.stderr()).startsWith("ERROR the model's operator is not running");
  }

  @Test
  void exposeAndUnexposeAreTheBundlesExposeKeyAndStatusShowsIt() throws Exception {
    Call exposed = juju("expose", "kv-store", "--endpoints", "db");
    JsonNode shown = juju("status", "--format", "json").json();
    Call unexposed = juju("unexpose", "kv-store");
    Call unknown = juju("expose", "db");

    assertThat(exposed.code()).as(exposed.stderr()).isZero();
    assertThat(exposed.stderr()).startsWith("note: --endpoints db ignored: ");
    assertThat(shown.path("applications").path("kv-store").path("exposed").asBoolean()).isTrue();
    assertThat(unexposed.code()).isZero();
    assertThat(Files.readString(home.resolve("models/foo/bundle.yaml"))).doesNotContain("expose");
    assertThat(
            juju("status", "--format", "json")
                .json()
                .path("applications")
                .path("kv-store")
                .path("exposed")
                .asBoolean(true))
        .isFalse();
    assertRefused(unknown, 1, "ERROR application \"db\" not found\n");
  }

  @Test
  void refreshCopiesTheCharmAsItsNextRevisionAndPointsTheBundleAtIt() throws Exception {
    Call first = juju("refresh", "kv-store", "--path", "./kv-store");
    Call second = juju("refresh", "kv-store", "--path", "./kv-store", "--channel", "edge");
    Call other = juju("refresh", "kv-store", "--path", "./kv-client");
    Call charmhub = juju("refresh", "kv-store");

    assertThat(first.code()).as(first.stderr()).isZero();
    assertThat(first.stderr())
        .isEqualTo("Added local charm \"kv-store\", revision 1, to the model\n");
    assertThat(second.stderr()).contains("revision 2, to the model");
    Path revision2 = home.resolve("models/foo/charms/kv-store-2");
    assertThat(revision2.resolve("metadata.yaml")).exists();
    assertThat(Files.isExecutable(revision2.resolve("hooks/install"))).isTrue();
    assertThat(Files.readString(home.resolve("models/foo/bundle.yaml")))
        .contains("charm: " + revision2);
    assertThat(other.code()).isEqualTo(1);
    assertThat(other.stderr())
        .startsWith("ERROR cannot refresh \"kv-store\" to charm \"kv-client\"");
    assertThat(home.resolve("models/foo/charms/kv-store-3")).doesNotExist();
    assertThat(charmhub.code()).isEqualTo(1);
  }

  @Test
  void anOperationIsItsOneTaskInJujusShape() throws Exception {
    ObjectNode action =
        (ObjectNode)
            JSON.readTree(
                """
                {"id": 4, "unit": "kv-store/0", "action": "backup", "status": "completed",
                 "message": "", "parameters": {"to": "/tmp"},
                 "results": {"path": "/tmp/b", "return-code": 0},
                 "log": [{"at": "2026-11-27T10:00:01Z", "message": "saving"}],
                 "timing": {"enqueued": "2026-11-27T10:00:00Z", "started": "2026-11-27T10:00:01Z",
                            "completed": "2026-11-27T10:00:02Z"}}
                """);

    JsonNode operation = JujuTask.ofOperation(action);

    assertThat(operation.path("summary").asText()).isEqualTo("backup run on unit-kv-store-0");
    assertThat(operation.path("status").asText()).isEqualTo("completed");
    assertThat(operation.path("action").path("name").asText()).isEqualTo("backup");
    assertThat(operation.path("action").path("parameters").path("to").asText()).isEqualTo("/tmp");
    JsonNode task = operation.path("tasks").path("4");
    assertThat(task.path("host").asText()).isEqualTo("kv-store/0");
    assertThat(task.path("results").path("path").asText()).isEqualTo("/tmp/b");
    assertThat(task.path("log").get(0).asText()).isEqualTo("2026-11-27T10:00:01Z saving");
    assertThat(OperationsCommand.table(List.of(action)))
        .isEqualTo(
            "Id  Status     Started               Finished              Task IDs  Summary\n"
                + "4   completed  2026-11-27T10:00:01Z  2026-11-27T10:00:02Z  4         backup run"
                + " on unit-kv-store-0\n");
    assertThat(JujuTask.plain(JujuTask.ofAction("kv-store/0", action))).isEqualTo("path: /tmp/b\n");
  }
}
