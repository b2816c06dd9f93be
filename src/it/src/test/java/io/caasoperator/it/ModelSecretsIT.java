package io.caasoperator.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A secret across two applications through the real operator, with two ops 2.17 charms packed as
 * charmcraft packs them, run as a model from a bundle: the provider's leader adds a secret in
 * relation-created, grants it over the relation and names it in its application databag; every
 * requirer unit reads it in relation-changed (and is refused its metadata). The provider publishes
 * a new revision when its config changes: each requirer unit runs secret-changed once, reading its
 * tracked revision, peeking at the new one and refreshing to it, though the operator is killed with
 * SIGKILL as the first secret-changed starts. After the provider revokes the grant, a requirer's
 * read is denied.
 */
class ModelSecretsIT {
  private static final String PROVIDER_CONFIG =
      """
      options:
        log-dir: {type: string, default: "", description: where each unit records what it saw}
        password: {type: string, default: "s3cret-one", description: the secret's content}
        revoke: {type: boolean, default: false, description: take the grant back}
      """;

  private static final String REQUIRER_CONFIG =
      """
      options:
        log-dir: {type: string, default: "", description: where each unit records what it saw}
        probe: {type: string, default: "", description: read the secret again when set}
      """;

  /** What both charms share: the hook and what it saw, appended through {@link PgsqlModel}'s. */
  private static final String RECORDER =
      """
      def record(charm, **seen):
          entry = {"hook": os.environ["JUJU_HOOK_NAME"]}
          entry.update(seen)
          append(charm, entry)
      """;

  private static final PgsqlModel.Charm PROVIDER =
      new PgsqlModel.Charm(
          "A database that shares its credentials as a secret.",
          PROVIDER_CONFIG,
          CharmPy.charm("DbCharm")
              .module(
                  """
                  import ops

                  from recorder import record
                  """)
              .observe("_created", "db_relation_created")
              .observe("_config", "config_changed")
              .methods(
                  """
                  def _created(self, event):
                      if self.unit.is_leader():
                          secret = self.app.add_secret({"password": self.config["password"]}, label="creds")
                          secret.grant(event.relation)
                          event.relation.data[self.app]["secret-id"] = secret.id
                      record(self)

                  def _config(self, event):
                      relation = self.model.get_relation("db")
                      if not self.unit.is_leader() or relation is None:
                          return
                      secret = self.model.get_secret(label="creds")
                      if secret.get_content(refresh=True)["password"] != self.config["password"]:
                          secret.set_content({"password": self.config["password"]})
                      if self.config["revoke"]:
                          secret.revoke(relation)
                      record(self, password=self.config["password"], revoked=self.config["revoke"])
                  """)
              .text());

  private static final PgsqlModel.Charm REQUIRER =
      new PgsqlModel.Charm(
          "A web application that reads the database's credentials.",
          REQUIRER_CONFIG,
          CharmPy.charm("WebCharm")
              .module(
                  """
                  import os

                  import ops

                  from recorder import record
                  """)
              .observe("_changed", "db_relation_changed")
              .observe("_secret_changed", "secret_changed")
              .observe("_probe", "config_changed")
              .methods(
                  """
                  def _changed(self, event):
                      secret_id = event.relation.data[event.app].get("secret-id")
                      if not secret_id:
                          return
                      secret = self.model.get_secret(id=secret_id, label="db-creds")
                      seen = {"password": secret.get_content()["password"]}
                      try:
                          secret.get_info()
                          seen["info"] = "shown"
                      except ops.SecretNotFoundError:
                          seen["info"] = "not found"
                      record(self, **seen)

                  def _secret_changed(self, event):
                      secret = event.secret
                      record(
                          self,
                          label=os.environ.get("JUJU_SECRET_LABEL", ""),
                          tracked=secret.get_content()["password"],
                          peeked=secret.peek_content()["password"],
                          refreshed=secret.get_content(refresh=True)["password"],
                      )

                  def _probe(self, event):
                      if not self.config["probe"]:
                          return
                      try:
                          content = self.model.get_secret(label="db-creds").get_content(refresh=True)
                          record(self, probe=content["password"])
                      except ops.ModelError as e:
                          record(self, probe="denied", error=str(e))
                  """)
              .text());

  @RegisterExtension final Operators operators = new Operators();

  @Test
  void aSecretGrantedOverARelationIsReadChangedOnceDespiteAKillAndRevoked() throws Exception {
    PgsqlModel model = PgsqlModel.pack(operators, RECORDER, PROVIDER, REQUIRER);
    OperatorProcess operator = model.start(bundle(model, "s3cret-one", false, ""));
    operator.awaitListening();

    // every requirer unit reads revision 1 over the relation, and is refused the metadata
    for (String unit : List.of("web/0", "web/1")) {
      JsonNode read = awaitRecord(model.logs, unit, e -> e.has("password"));
      assertThat(read.path("hook").asText()).isEqualTo("db-relation-changed");
      assertThat(read.path("password").asText()).isEqualTo("s3cret-one");
      assertThat(read.path("info").asText()).isEqualTo("not found");
    }
    // the content crosses inside the process: the operator's log names ids, never content
    assertThat(operator.linesMatching("s3cret")).isEmpty();

    // a new revision; the operator is killed as the first secret-changed starts
    model.write(bundle(model, "s3cret-two", false, ""));
    operator.awaitLog("unit web/\\d hook secret-changed started");
    operator.kill9();
    operator = model.start();
    operator.awaitListening();
    for (String unit : List.of("web/0", "web/1")) {
      JsonNode changed =
          awaitRecord(model.logs, unit, e -> e.path("hook").asText().equals("secret-changed"));
      assertThat(changed.path("label").asText()).isEqualTo("db-creds");
      assertThat(changed.path("tracked").asText())
          .as("the revision it tracks")
          .isEqualTo("s3cret-one");
      assertThat(changed.path("peeked").asText()).isEqualTo("s3cret-two");
      assertThat(changed.path("refreshed").asText()).isEqualTo("s3cret-two");
    }
    // once per unit: an interrupted hook runs again (as in Juju), a completed one never does
    Expect.settles(
        "each requirer unit's secret-changed to have run once",
        () -> {
          for (String unit : List.of("web/0", "web/1"))
            assertThat(
                    UnitRecords.withoutRepeatedEntries(UnitRecords.read(model.logs, unit)).stream()
                        .filter(e -> e.path("hook").asText().equals("secret-changed"))
                        .count())
                .as(unit)
                .isEqualTo(1);
        });

    // revoked: a requirer's next read is denied
    model.write(bundle(model, "s3cret-two", true, ""));
    operator.awaitLog("revoked db:\\d+ access to secret");
    model.write(bundle(model, "s3cret-two", true, "after-revoke"));
    JsonNode probe = awaitRecord(model.logs, "web/0", e -> e.has("probe"));
    assertThat(probe.path("probe").asText()).isEqualTo("denied");
    assertThat(probe.path("error").asText()).contains("permission denied");
  }

  /** The model's bundle: db's password and whether it revokes the grant, web's probe. */
  private static String bundle(PgsqlModel model, String password, boolean revoke, String probe) {
    return """
        bundle: kubernetes
        applications:
          db:
            charm: ./db.charm
            scale: 1
            options: {log-dir: %s, password: %s, revoke: %s}
          web:
            charm: ./web.charm
            scale: 2
            options: {log-dir: %s, probe: "%s"}
        relations:
          - [web:db, db:db]
        """
        .formatted(model.logs, password, revoke, model.logs, probe);
  }

  /** The unit's first record that {@code matches}, once there is one. */
  private static JsonNode awaitRecord(Path logs, String unit, Predicate<JsonNode> matches) {
    return await(unit + " to record what it saw")
        .atMost(OperatorProcess.PATIENCE.multipliedBy(2))
        .pollInterval(Duration.ofMillis(200))
        .until(
            () -> UnitRecords.read(logs, unit).stream().filter(matches).findFirst(),
            o -> o.isPresent())
        .orElseThrow();
  }
}
