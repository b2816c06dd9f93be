package io.caasoperator.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A peer relation through the real operator, with a charm written with ops 2.17 and packed as
 * charmcraft packs it: every unit writes its name into its databag when the relation is created,
 * the leader writes itself into the application's databag, and every event records what the unit
 * saw through {@code self.model.get_relation("cluster")}. Scaled 1 → 3 → 2 through the
 * specification file.
 */
class PeerRelationsIT {

  private static final String APP = "db";

  private static final String METADATA =
      """
            name: db
            summary: A charm with a peer relation.
            description: Peers.
            peers:
              cluster:
                interface: db-peers
            """;

  private static final String CONFIG =
      """
            options:
              log-dir:
                type: string
                default: ""
                description: where each unit records what it saw (outside its own directory, which goes with it)
            """;

  private static final String PEER_CHARM =
      CharmPy.charm("PeerCharm")
          .module(
              """
              \"""A charm that records what it sees of its peer relation.\"""
              import json
              import os

              import ops
              """)
          .observe(
              "_record",
              "install",
              "leader_elected",
              "config_changed",
              "start",
              "stop",
              "remove",
              "cluster_relation_created",
              "cluster_relation_joined",
              "cluster_relation_changed",
              "cluster_relation_departed")
          .observe("_say_hello", "cluster_relation_created")
          .observe("_lead", "leader_elected")
          .methods(
              """
              def _say_hello(self, event):
                  event.relation.data[self.unit]["hello"] = self.unit.name

              def _lead(self, event):
                  relation = self.model.get_relation("cluster")
                  if relation is not None:
                      relation.data[self.app]["leader"] = self.unit.name

              def _record(self, event):
                  relation = self.model.get_relation("cluster")
                  entry = {
                      "hook": os.environ["JUJU_HOOK_NAME"],
                      "remote": os.environ.get("JUJU_REMOTE_UNIT", ""),
                      "departing": os.environ.get("JUJU_DEPARTING_UNIT", ""),
                      "relation": os.environ.get("JUJU_RELATION_ID", ""),
                  }
                  if relation is not None and self.unit.name.split("/")[0] == relation.app.name:
                      entry["id"] = relation.id
                      entry["members"] = sorted(u.name for u in relation.units)
                      entry["seen"] = {u.name: relation.data[u].get("hello", "") for u in relation.units}
                      entry["mine"] = relation.data[self.unit].get("hello", "")
                      entry["app"] = relation.data[self.app].get("leader", "")
                  log_dir = self.config["log-dir"]
                  with open(os.path.join(log_dir, self.unit.name.replace("/", "-") + ".jsonl"), "a") as log:
                      log.write(json.dumps(entry) + "\\n")
                  self.unit.status = ops.ActiveStatus()
              """)
          .text();

  @RegisterExtension final Operators operators = new Operators();

  @Test
  void peersJoinSeeEachOthersDataAndDepartAsJujuRunsThem() throws Exception {
    Path charm =
        VendoredOps.charm(PEER_CHARM, "install", "start", "upgrade-charm")
            .file("metadata.yaml", METADATA)
            .file("config.yaml", CONFIG)
            .writeTo(operators.tmp().resolve("db.charm"));
    Path logs = Files.createDirectories(operators.tmp().resolve("seen"));
    SpecFile spec =
        operators.spec(APP, charm).withConfig(Map.of("log-dir", logs.toString())).write();
    OperatorProcess operator = operators.startWithEnvironment(spec, VendoredOps.environment());
    OperatorApi api = operator.awaitListening();

    // one unit: relation-created after install, before leader-elected; nobody to join
    List<JsonNode> first = settled(logs, "db/0", 5);
    assertThat(hooks(first))
        .containsExactly(
            "install", "cluster-relation-created", "leader-elected", "config-changed", "start");
    assertThat(first.get(1).path("relation").asText()).isEqualTo("cluster:0");
    assertThat(first.get(1).path("remote").asText()).as("relation-created names no unit").isEmpty();
    assertThat(first.getLast().path("members")).isEmpty();
    assertThat(first.getLast().path("mine").asText()).isEqualTo("db/0");
    assertThat(first.getLast().path("app").asText()).isEqualTo("db/0");

    // 1 → 3: the newcomers join each peer after start; db/0 joins both
    spec.withScale(3).write();
    Expect.status(
        api,
        "three units idle",
        s ->
            s.unitNames().equals(List.of("db/0", "db/1", "db/2"))
                && s.allUnitsIdle()
                && s.json().path("relations").path(0).path("units").size() == 3);
    await("every unit to see every peer's data")
        .atMost(OperatorProcess.PATIENCE)
        .pollInterval(Duration.ofMillis(200))
        .untilAsserted(
            () -> {
              for (String unit : List.of("db/0", "db/1", "db/2")) {
                JsonNode last = read(logs, unit).getLast();
                List<String> others = new ArrayList<>(List.of("db/0", "db/1", "db/2"));
                others.remove(unit);
                assertThat(last.path("members").toString())
                    .as(unit)
                    .isEqualTo(OperatorApi.JSON.writeValueAsString(others));
                for (String other : others)
                  assertThat(last.path("seen").path(other).asText()).as(unit).isEqualTo(other);
                assertThat(last.path("app").asText()).as(unit).isEqualTo("db/0");
              }
            });
    Expect.idleUnits(api, "db/0", "db/1", "db/2");
    for (String unit : List.of("db/1", "db/2")) {
      List<JsonNode> seen = read(logs, unit);
      assertThat(hooks(seen).subList(0, 4))
          .as(unit)
          .containsExactly("install", "cluster-relation-created", "config-changed", "start");
      assertJoinedThenChanged(unit, seen.subList(4, seen.size()));
    }
    List<JsonNode> leader = read(logs, "db/0");
    assertJoinedThenChanged("db/0", leader.subList(5, leader.size()));
    assertThat(remotes(leader, "cluster-relation-joined")).containsExactly("db/1", "db/2");

    // a restart (kill -9) once settled runs no relation hook again: each unit's journal holds what
    // it has seen
    Map<String, Integer> seenBefore =
        Map.of(
            "db/0",
            read(logs, "db/0").size(),
            "db/1",
            read(logs, "db/1").size(),
            "db/2",
            read(logs, "db/2").size());
    operator.kill9();
    operator = operators.startWithEnvironment(spec, VendoredOps.environment());
    api = operator.awaitListening();
    Expect.idleUnits(api, "db/0", "db/1", "db/2");
    Expect.settles(
        "no hook after the restart",
        () -> {
          for (var unit : seenBefore.entrySet()) {
            assertThat(read(logs, unit.getKey())).as(unit.getKey()).hasSize(unit.getValue());
          }
        });
    assertThat(operator.linesMatching("hook \\S+ started"))
        .as("hooks the restarted operator ran")
        .isEmpty();

    // 3 → 2: db/2 departs from both; both depart db/2, once; no relation-broken anywhere
    int before0 = read(logs, "db/0").size();
    int before1 = read(logs, "db/1").size();
    spec.withScale(2).write();
    Expect.idleUnits(api, "db/0", "db/1");
    List<JsonNode> leaver = read(logs, "db/2");
    await("db/2 to have run remove")
        .atMost(OperatorProcess.PATIENCE)
        .pollInterval(Duration.ofMillis(200))
        .until(() -> hooks(read(logs, "db/2")).contains("remove"));
    leaver = read(logs, "db/2");
    List<String> ending =
        hooks(leaver).subList(hooks(leaver).indexOf("cluster-relation-departed"), leaver.size());
    assertThat(ending)
        .containsExactly(
            "cluster-relation-departed", "cluster-relation-departed", "stop", "remove");
    assertThat(remotes(leaver, "cluster-relation-departed")).containsExactly("db/0", "db/1");
    assertThat(
            leaver.stream()
                .filter(e -> e.path("hook").asText().equals("cluster-relation-departed"))
                .map(e -> e.path("departing").asText())
                .distinct()
                .toList())
        .containsExactly("db/2");
    Expect.settles(
        "the others to depart db/2",
        () -> {
          for (var unit : Map.of("db/0", before0, "db/1", before1).entrySet()) {
            List<JsonNode> after = read(logs, unit.getKey());
            after = after.subList(unit.getValue(), after.size());
            assertThat(hooks(after)).as(unit.getKey()).containsExactly("cluster-relation-departed");
            assertThat(after.getFirst().path("remote").asText()).isEqualTo("db/2");
            assertThat(after.getFirst().path("departing").asText()).isEqualTo("db/2");
            assertThat(after.getFirst().path("members").size())
                .as("db/2 gone from relation-list")
                .isEqualTo(1);
          }
        });
    for (String unit : List.of("db/0", "db/1", "db/2")) {
      assertThat(hooks(read(logs, unit))).as(unit).doesNotContain("cluster-relation-broken");
    }

    // status and show-relation show the relation, its units and their databags
    Status status = Expect.idleUnits(api, "db/0", "db/1");
    JsonNode relation = status.json().path("relations").path(0);
    assertThat(relation.path("id").asText()).isEqualTo("cluster:0");
    assertThat(relation.path("units").toString()).isEqualTo("[\"db/0\",\"db/1\"]");
    assertThat(relation.path("unitData").path("db/1").path("hello").asText()).isEqualTo("db/1");
    // the local substrate's units are all on this machine, reached on the loopback interface
    // (LocalSubstrate's addresses), and Juju puts the same address in all three keys
    assertThat(relation.path("unitData").path("db/1").path("private-address").asText())
        .isEqualTo("127.0.0.1");
    assertThat(relation.path("unitData").path("db/1").path("ingress-address").asText())
        .isEqualTo("127.0.0.1");
    assertThat(relation.path("unitData").path("db/1").path("egress-subnets").asText())
        .isEqualTo("127.0.0.1/32");
    assertThat(relation.path("applicationData").path("leader").asText()).isEqualTo("db/0");
    Cli.Result shown = operators.cli("show-relation", "--unit", "db/1");
    assertThat(shown.exitCode()).as(shown.stderr()).isZero();
    assertThat(shown.stdout())
        .contains(
            "cluster:0:", "local-unit:", "hello: \"db/1\"", "related-units:", "leader: \"db/0\"");
  }

  /**
   * Every relation-joined is followed at once by relation-changed for the same unit, and each unit
   * is joined once.
   */
  private static void assertJoinedThenChanged(String unit, List<JsonNode> relationHooks) {
    List<String> joined = new ArrayList<>();
    for (int i = 0; i < relationHooks.size(); i++) {
      JsonNode hook = relationHooks.get(i);
      assertThat(hook.path("hook").asText())
          .as("%s: %s", unit, relationHooks)
          .startsWith("cluster-relation-");
      if (hook.path("hook").asText().equals("cluster-relation-joined")) {
        joined.add(hook.path("remote").asText());
        JsonNode next = relationHooks.get(i + 1);
        assertThat(next.path("hook").asText() + " " + next.path("remote").asText())
            .as("%s: %s", unit, relationHooks)
            .isEqualTo("cluster-relation-changed " + hook.path("remote").asText());
      }
    }
    assertThat(joined).as(unit).doesNotHaveDuplicates().doesNotContain(unit);
  }

  private static List<String> remotes(List<JsonNode> entries, String hook) {
    return entries.stream()
        .filter(e -> e.path("hook").asText().equals(hook))
        .map(e -> e.path("remote").asText())
        .toList();
  }

  private static List<String> hooks(List<JsonNode> entries) {
    return entries.stream().map(e -> e.path("hook").asText()).toList();
  }

  private static List<JsonNode> settled(Path logs, String unit, int count) throws IOException {
    Expect.settles(
        unit + " to record " + count + " events",
        () -> assertThat(read(logs, unit)).hasSize(count));
    return read(logs, unit);
  }

  private static List<JsonNode> read(Path logs, String unit) throws IOException {
    Path file = logs.resolve(unit.replace('/', '-') + ".jsonl");
    if (!Files.exists(file)) return List.of();
    List<JsonNode> entries = new ArrayList<>();
    for (String line : Files.readAllLines(file)) {
      if (!line.isBlank()) entries.add(OperatorApi.JSON.readTree(line));
    }
    return entries;
  }
}
