package io.caasoperator.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A relation between two applications through the real operator, with two charms written with ops
 * 2.17 and packed as charmcraft packs them, run as a model from a bundle: the provider's leader
 * writes where the database is in its application databag in relation-created, the requirer reads
 * it in relation-changed and sets its status from it; every unit writes its name in its own databag
 * and records what it saw. Both sides scale, the operator is killed with SIGKILL in the middle of a
 * join sequence, the relation is removed (departed, then broken, on both sides), related again and
 * the provider taken out of the model.
 */
class ModelRelationsIT {
  private static final String CONFIG =
      """
      options:
        log-dir:
          type: string
          default: ""
          description: where each unit records what it saw
      """;

  /**
   * What both charms share: every event recorded with what the unit sees of the relation (appended
   * through {@link PgsqlModel}'s {@code append}).
   */
  private static final String RECORDER =
      """
      import ops


      def record(charm, event):
          entry = {
              "hook": os.environ["JUJU_HOOK_NAME"],
              "remote": os.environ.get("JUJU_REMOTE_UNIT", ""),
              "remote-app": os.environ.get("JUJU_REMOTE_APP", ""),
              "departing": os.environ.get("JUJU_DEPARTING_UNIT", ""),
              "relation": os.environ.get("JUJU_RELATION_ID", ""),
          }
          relation = getattr(event, "relation", None)
          if relation is not None and relation.app is not None and not isinstance(event, ops.RelationBrokenEvent):
              entry["units"] = sorted(u.name for u in relation.units)
              entry["names"] = {u.name: relation.data[u].get("name", "") for u in relation.units}
              entry["remote-app-data"] = dict(relation.data[relation.app])
          append(charm, entry)
      """;

  private static final PgsqlModel.Charm PROVIDER =
      new PgsqlModel.Charm(
          "A database that tells its clients where it is.",
          CONFIG,
          recording("DbCharm", "joined", "changed", "departed", "broken")
              .observe("_created", "db_relation_created")
              .methods(
                  """
                  def _record(self, event):
                      record(self, event)
                      if not isinstance(event, (ops.StopEvent, ops.RemoveEvent)):
                          self.unit.status = ops.ActiveStatus("serving")

                  def _created(self, event):
                      event.relation.data[self.unit]["name"] = self.unit.name
                      if self.unit.is_leader():
                          event.relation.data[self.app].update({"host": "db.internal", "port": "5432"})
                      record(self, event)
                  """)
              .text());

  private static final PgsqlModel.Charm REQUIRER =
      new PgsqlModel.Charm(
          "A web application that needs a database.",
          CONFIG,
          recording("WebCharm", "created", "joined", "departed")
              .observe("_changed", "db_relation_changed")
              .observe("_broken", "db_relation_broken")
              .methods(
                  """
                  def _record(self, event):
                      record(self, event)
                      if isinstance(event, ops.StartEvent):
                          self.unit.status = ops.BlockedStatus("no database")
                      if isinstance(event, ops.RelationJoinedEvent):
                          event.relation.data[self.unit]["name"] = self.unit.name

                  def _changed(self, event):
                      record(self, event)
                      data = event.relation.data[event.app]
                      if "host" in data:
                          self.unit.status = ops.ActiveStatus("db at %s:%s" % (data["host"], data["port"]))

                  def _broken(self, event):
                      record(self, event)
                      self.unit.status = ops.BlockedStatus("no database")
                  """)
              .text());

  @RegisterExtension final Operators operators = new Operators();

  @Test
  void twoOpsCharmsRelateScaleSurviveAKillAndBreakAsJujuRunsThem() throws Exception {
    PgsqlModel model = PgsqlModel.pack(operators, RECORDER, PROVIDER, REQUIRER);
    OperatorProcess operator = model.start(bundle(model, 1, 2, true, true));
    OperatorApi api = operator.awaitListening();

    // each requirer unit: the database's address from the provider leader's application databag
    awaitWorkload(api, "web/0", "active", "db at db.internal:5432");
    awaitWorkload(api, "web/1", "active", "db at db.internal:5432");
    for (String unit : List.of("web/0", "web/1")) {
      List<JsonNode> seen = settled(model.logs, unit, "db-relation-changed", "db/0");
      List<String> hooks = hooks(seen);
      assertThat(hooks.subList(0, 2)).as(unit).containsExactly("install", "db-relation-created");
      assertThat(seen.get(1).path("remote-app").asText()).isEqualTo("db");
      assertThat(seen.get(1).path("relation").asText()).isEqualTo("db:0");
      assertJoinedThenChanged(unit, seen);
      assertThat(remotes(seen, "db-relation-joined")).as(unit).containsExactly("db/0");
    }
    // the provider joins both requirer units and reads their databags
    // (each requirer unit writes its name in relation-joined: one more relation-changed for it)
    List<JsonNode> provider = settled(model.logs, "db/0", "db-relation-changed", "");
    assertThat(hooks(provider).subList(0, 2)).containsExactly("install", "db-relation-created");
    assertThat(remotes(provider, "db-relation-joined")).containsExactly("web/0", "web/1");
    assertJoinedThenChanged("db/0", provider);
    await("db/0 to see both web units' names")
        .atMost(OperatorProcess.PATIENCE)
        .pollInterval(Duration.ofMillis(200))
        .until(
            () -> UnitRecords.read(model.logs, "db/0").getLast().path("names"),
            names ->
                names.size() == 2
                    && names.path("web/0").asText().equals("web/0")
                    && names.path("web/1").asText().equals("web/1"));

    // show-relation prints both sides' databags
    Cli.Result shown = operators.cli("show-relation");
    assertThat(shown.exitCode()).as(shown.stderr()).isZero();
    assertThat(shown.stdout()).contains("databags:", "host: \"db.internal\"", "name: \"web/1\"");

    // the provider scales 1 → 3 and the operator is killed as the new provider units start, while
    // the requirer units join them: nothing is lost, no join is run twice to completion
    model.write(bundle(model, 3, 2, true, true));
    operator.awaitLog("unit db/2 hook install started");
    operator.kill9();
    operator = model.start();
    api = operator.awaitListening();
    for (String unit : List.of("web/0", "web/1")) {
      List<JsonNode> seen = settled(model.logs, unit, "db-relation-changed", "db/2");
      // an interrupted hook runs again (Juju does the same); a completed one never does
      assertThat(withoutRepeats(remotes(seen, "db-relation-joined")))
          .as(unit)
          .containsExactlyInAnyOrder("db/0", "db/1", "db/2");
      assertJoinedThenChanged(unit, UnitRecords.withoutRepeatedEntries(seen));
    }

    // the new provider units join both requirer units (a unit that leaves before another joined
    // it costs that unit no hook, as in Juju: so wait for the joins before scaling down)
    for (String unit : List.of("db/1", "db/2")) {
      await(unit + " to join web/0 and web/1")
          .atMost(OperatorProcess.PATIENCE)
          .pollInterval(Duration.ofMillis(200))
          .until(
              () ->
                  remotes(UnitRecords.read(model.logs, unit), "db-relation-joined")
                      .containsAll(List.of("web/0", "web/1")));
    }

    // the requirer scales 2 → 1: every provider unit runs relation-departed for web/1
    model.write(bundle(model, 3, 1, true, true));
    for (String unit : List.of("db/0", "db/1", "db/2")) {
      List<JsonNode> seen = settled(model.logs, unit, "db-relation-departed", "web/1");
      JsonNode departed =
          seen.stream()
              .filter(e -> e.path("hook").asText().equals("db-relation-departed"))
              .reduce((first, second) -> second)
              .orElseThrow();
      assertThat(departed.path("departing").asText()).as(unit).isEqualTo("web/1");
      assertThat(departed.path("units").toString()).as(unit).isEqualTo("[\"web/0\"]");
    }

    // the relation removed: each side departs every remote unit, then relation-broken
    int web0 = UnitRecords.read(model.logs, "web/0").size();
    int db0 = UnitRecords.read(model.logs, "db/0").size();
    model.write(bundle(model, 3, 1, false, true));
    awaitWorkload(api, "web/0", "blocked", "no database");
    List<JsonNode> webEnd = settled(model.logs, "web/0", "db-relation-broken", "");
    webEnd = webEnd.subList(web0, webEnd.size());
    assertThat(hooks(webEnd))
        .containsExactly(
            "db-relation-departed",
            "db-relation-departed",
            "db-relation-departed",
            "db-relation-broken");
    assertThat(remotes(webEnd, "db-relation-departed")).containsExactly("db/0", "db/1", "db/2");
    assertThat(webEnd.getLast().path("remote-app").asText()).isEqualTo("db");
    List<JsonNode> dbEnd = settled(model.logs, "db/0", "db-relation-broken", "");
    dbEnd = dbEnd.subList(db0, dbEnd.size());
    assertThat(hooks(dbEnd)).containsExactly("db-relation-departed", "db-relation-broken");

    // related again (a new relation, a new id), then the provider taken out of the model: the
    // requirer's side is broken, the process goes on
    model.write(bundle(model, 3, 1, true, true));
    awaitWorkload(api, "web/0", "active", "db at db.internal:5432");
    List<JsonNode> again = settled(model.logs, "web/0", "db-relation-changed", "db/2");
    assertThat(again.getLast().path("relation").asText()).isNotEqualTo("db:0").startsWith("db:");
    model.write(bundle(model, 3, 1, true, false));
    awaitWorkload(api, "web/0", "blocked", "no database");
    assertThat(hooks(UnitRecords.read(model.logs, "web/0")).getLast())
        .isEqualTo("db-relation-broken");
    await("the provider's units to be removed")
        .atMost(OperatorProcess.PATIENCE)
        .pollInterval(Duration.ofMillis(200))
        .until(() -> hooks(UnitRecords.read(model.logs, "db/0")).contains("remove"));
    assertThat(operator.isAlive()).isTrue();
  }

  /**
   * A charm of this model: its {@code _record} method records install, start, stop, remove and the
   * given {@code db} relation events ({@code joined} for {@code db_relation_joined}).
   */
  private static CharmPy recording(String charmClass, String... relationEvents) {
    List<String> events = new ArrayList<>(List.of("install", "start", "stop", "remove"));
    for (String event : relationEvents) events.add("db_relation_" + event);
    return CharmPy.charm(charmClass)
        .module("import ops\n\nfrom recorder import record\n")
        .observe("_record", events.toArray(String[]::new));
  }

  /** The model's bundle: db and web at these scales, related or not, db in the model or not. */
  private static String bundle(
      PgsqlModel model, int dbScale, int webScale, boolean related, boolean withDb) {
    StringBuilder text = new StringBuilder("bundle: kubernetes\napplications:\n");
    if (withDb)
      text.append(
          "  db:\n    charm: ./db.charm\n    scale: %d\n    options: {log-dir: %s}\n"
              .formatted(dbScale, model.logs));
    text.append(
        "  web:\n    charm: ./web.charm\n    scale: %d\n    options: {log-dir: %s}\n"
            .formatted(webScale, model.logs));
    if (related && withDb) text.append("relations:\n  - [web:db, db:db]\n");
    return text.toString();
  }

  private static void awaitWorkload(OperatorApi api, String unit, String value, String message) {
    Expect.status(
        api,
        unit + " " + value + ": " + message,
        s ->
            value.equals(workload(s, unit).path("value").asText())
                && message.equals(workload(s, unit).path("message").asText()));
  }

  private static JsonNode workload(Status status, String unit) {
    for (JsonNode application : status.json().path("applications"))
      for (JsonNode u : application.path("units"))
        if (u.path("unit").asText().equals(unit)) return u.path("workloadStatus");
    return com.fasterxml.jackson.databind.node.MissingNode.getInstance();
  }

  /**
   * The unit's records once one of them is {@code hook} for {@code remote} (any remote for the
   * empty string) and nothing more comes (hooks for other units may follow it in any order).
   */
  private static List<JsonNode> settled(Path logs, String unit, String hook, String remote) {
    await(unit + " to run " + hook + " " + remote)
        .atMost(OperatorProcess.PATIENCE.multipliedBy(2))
        .pollInterval(Duration.ofMillis(200))
        .until(
            () -> {
              return UnitRecords.read(logs, unit).stream()
                  .anyMatch(
                      e ->
                          e.path("hook").asText().equals(hook)
                              && (remote.isEmpty() || e.path("remote").asText().equals(remote)));
            });
    int[] last = {-1};
    Expect.settles(
        unit + "'s records to settle",
        () -> {
          int now = UnitRecords.read(logs, unit).size();
          int before = last[0];
          last[0] = now;
          if (before >= 0) assertThat(now).as("records of " + unit).isEqualTo(before);
        });
    return UnitRecords.read(logs, unit);
  }

  /**
   * Every relation-joined is followed at once by relation-changed for the same unit, as Juju does.
   */
  private static void assertJoinedThenChanged(String unit, List<JsonNode> seen) {
    for (int i = 0; i < seen.size(); i++) {
      if (!seen.get(i).path("hook").asText().endsWith("-relation-joined")) continue;
      assertThat(i + 1).as(unit + ": a hook after relation-joined").isLessThan(seen.size());
      JsonNode next = seen.get(i + 1);
      assertThat(next.path("hook").asText()).as(unit).endsWith("-relation-changed");
      assertThat(next.path("remote").asText())
          .as(unit)
          .isEqualTo(seen.get(i).path("remote").asText());
    }
  }

  private static List<String> withoutRepeats(List<String> values) {
    List<String> out = new ArrayList<>();
    for (String v : values) if (out.isEmpty() || !out.getLast().equals(v)) out.add(v);
    return out;
  }

  private static List<String> hooks(List<JsonNode> seen) {
    return seen.stream().map(e -> e.path("hook").asText()).toList();
  }

  private static List<String> remotes(List<JsonNode> seen, String hook) {
    return seen.stream()
        .filter(e -> e.path("hook").asText().equals(hook))
        .map(e -> e.path("remote").asText())
        .toList();
  }
}
