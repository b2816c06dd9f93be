package io.caasoperator.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The application's own secrets through the real operator and an {@code ops} 2.17 charm packed as
 * charmcraft packs it: the leader keeps a password it makes itself in an application secret ({@code
 * self.app.add_secret}), reads it back by label, replaces it ({@code set_content}), and the new
 * revision is what a later hook reads, also after a {@code kill -9} and a restart; the password is
 * in no journal output.
 */
class SecretsIT {

  private static final String APP = "keeper";
  private static final String LEADER = APP + "/0";

  /**
   * On every config-changed the leader makes sure its secret exists, replaces the password when the
   * "generation" option moved on, and reports the revision it reads and a hash of the password
   * (never the password) in its status; the password goes to a file only the test reads.
   */
  private static final String OPS_CHARM =
      CharmPy.charm("KeeperCharm")
          .module(
              """
              import hashlib
              import os
              import pathlib
              import secrets

              import ops
              """)
          .stored("generation=0")
          .observe("_on_config_changed", "config_changed")
          .methods(
              """
              def _on_config_changed(self, event):
                  if not self.unit.is_leader():
                      self.unit.status = ops.ActiveStatus("follower")
                      return
                  generation = self.config["generation"]
                  try:
                      secret = self.model.get_secret(label="db-password")
                  except ops.SecretNotFoundError:
                      secret = self.app.add_secret({"password": self._new_password()}, label="db-password",
                                                   description="the database's admin password")
                      self._stored.generation = generation
                  if generation != self._stored.generation:
                      secret.set_content({"password": self._new_password()})
                      self._stored.generation = generation
                  password = secret.get_content(refresh=True)["password"]
                  info = secret.get_info()
                  digest = hashlib.sha256(password.encode()).hexdigest()[:16]
                  self.unit.status = ops.ActiveStatus(
                      f"revision {info.revision} sha {digest} note {self.config['note']}")

              def _new_password(self):
                  password = secrets.token_hex(16)
                  pathlib.Path(os.environ["HOME"], "password.txt").write_text(password)
                  return password
              """)
          .text();

  private static final String CONFIG_YAML =
      """
            options:
              generation:
                type: int
                default: 1
                description: bump it to make the leader replace its password
              note:
                type: string
                default: ""
                description: change it to run config-changed
            """;

  /**
   * The leader adds two application secrets in its first config-changed: "short-lived", whose
   * revision 1 expires 3 s later, and "rotating"; when the "generation" option moves on it gives
   * "rotating" new content. Its secret-expired and secret-remove handlers remove the revision they
   * were told of (as ops documents) and append what they heard to a file the test reads.
   */
  private static final String HOOKS_CHARM =
      CharmPy.charm("RotorCharm")
          .module(
              """
              import datetime
              import os
              import pathlib

              import ops
              """)
          .stored("added=False, generation=1")
          .observe("_on_config_changed", "config_changed")
          .observe("_on_secret_expired", "secret_expired")
          .observe("_on_secret_remove", "secret_remove")
          .methods(
              """
              def _on_config_changed(self, event):
                  if not self.unit.is_leader():
                      return
                  if not self._stored.added:
                      expire = datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(seconds=3)
                      self.app.add_secret({"token": "brief"}, label="short-lived", expire=expire)
                      self.app.add_secret({"token": "first"}, label="rotating")
                      self._stored.added = True
                  generation = self.config["generation"]
                  if generation != self._stored.generation:
                      self.model.get_secret(label="rotating").set_content({"token": f"gen{generation}"})
                      self._stored.generation = generation

              def _on_secret_expired(self, event):
                  self._record("expired", event)
                  event.secret.remove_revision(event.revision)

              def _on_secret_remove(self, event):
                  self._record("remove", event)
                  event.secret.remove_revision(event.revision)

              def _record(self, kind, event):
                  with open(pathlib.Path(os.environ["HOME"], "secret-hooks.txt"), "a") as heard:
                      heard.write(f"{kind} {event.secret.label} {event.revision} {os.environ['JUJU_SECRET_ID']}\\n")
              """)
          .text();

  @RegisterExtension final Operators operators = new Operators();

  @Test
  void theLeadersPasswordSecretSurvivesAKillAndANewRevisionIsWhatLaterHooksRead() throws Exception {
    SpecFile spec =
        spec(
            packed(
                "keeper",
                OPS_CHARM,
                "name: keeper\nsummary: Keeps a password in a secret.\ndescription: Ops.\n"));
    Map<String, String> env = VendoredOps.environment();
    Path passwordFile = UnitDir.of(operators.dataDir(), LEADER).path().resolve("password.txt");

    OperatorProcess first = operators.startWithEnvironment(spec, env);
    OperatorApi api = first.awaitListening();
    awaitStatus(api, first, "revision 1 sha " + sha(passwordFile) + " note ");
    String original = Files.readString(passwordFile);

    spec.withConfig(Map.of("generation", 2)).write();
    String replaced = awaitNewPassword(passwordFile, original);
    awaitStatus(api, first, "revision 2 sha " + sha(passwordFile) + " note ");

    first.kill9();
    OperatorProcess second = operators.startWithEnvironment(spec, env);
    OperatorApi again = second.awaitListening();
    spec.withConfig(Map.of("generation", 2, "note", "after-restart")).write();
    awaitStatus(again, second, "revision 2 sha " + sha(passwordFile) + " note after-restart");
    assertThat(Files.readString(passwordFile))
        .as("no new password after the restart")
        .isEqualTo(replaced);

    Cli.Result shown = operators.cli("show-secret", "db-password");
    assertThat(shown.exitCode()).as(shown.stderr()).isZero();
    assertThat(shown.stdout())
        .contains(
            "label: db-password",
            "owner: application " + APP,
            "revision: 2",
            "description: the database's admin password",
            "digest: hmac-sha256:")
        .doesNotContain(replaced);
    Cli.Result revealed =
        operators.cli("show-secret", "db-password", "--reveal", "--format", "json");
    assertThat(revealed.stdout())
        .as(revealed.stderr())
        .contains("\"content\":{\"password\":\"" + replaced + "\"}");
    assertThat(operators.cli("show-secret", "nothing").stderr())
        .contains("secret \"nothing\" not found");

    Cli.Result journal = operators.cli("journal", "--format", "json");
    assertThat(journal.exitCode()).as(journal.stderr()).isZero();
    assertThat(journal.stdout()).doesNotContain(original).doesNotContain(replaced);
    Cli.Result timeline = operators.cli("journal", "--type", "SecretCreated,SecretUpdated");
    assertThat(timeline.stdout().lines())
        .as(timeline.stderr())
        .hasSize(2)
        .allSatisfy(
            line ->
                assertThat(line)
                    .contains("secrets|" + APP)
                    .containsPattern("content=hmac-sha256:[0-9a-f]{16}")
                    .doesNotContain("ciphertext"));
    assertThat(second.logFile())
        .content(StandardCharsets.UTF_8)
        .doesNotContain(original)
        .doesNotContain(replaced);
    assertThat(first.logFile())
        .content(StandardCharsets.UTF_8)
        .doesNotContain(original)
        .doesNotContain(replaced);
  }

  @Test
  void theLeaderHearsOfAnExpiredAndAnObsoleteRevisionOnceAndRemovesThem() throws Exception {
    SpecFile spec =
        spec(
            packed(
                "rotor", HOOKS_CHARM, "name: rotor\nsummary: Secret hooks.\ndescription: Ops.\n"));
    Map<String, String> env = VendoredOps.environment();
    Path heard = UnitDir.of(operators.dataDir(), LEADER).path().resolve("secret-hooks.txt");

    OperatorProcess operator = operators.startWithEnvironment(spec, env);
    OperatorApi first = operator.awaitListening();
    awaitHeard(heard, "expired short-lived 1 ", operator);
    spec.withConfig(Map.of("generation", 2)).write();
    awaitHeard(heard, "remove rotating 1 ", operator);
    awaitLastHook(first, "secret-remove", operator);

    // after a kill -9 the store derives what is due from its journal again: nothing that ran
    operator.kill9();
    OperatorProcess second = operators.startWithEnvironment(spec, env);
    OperatorApi api = second.awaitListening();
    spec.withConfig(Map.of("generation", 2, "note", "after-restart")).write();
    awaitLastHook(api, "config-changed", second);

    assertThat(Files.readAllLines(heard))
        .as("each hook once, naming its secret by JUJU_SECRET_ID")
        .hasSize(2)
        .allSatisfy(line -> assertThat(line).matches("\\w+ [a-z-]+ 1 secret:[0-9a-v]{20}"));
    assertThat(operators.cli("show-secret", "short-lived").stderr())
        .as("its only revision removed by secret-expired: the secret is gone")
        .contains("secret \"short-lived\" not found");
    Cli.Result rotating = operators.cli("show-secret", "rotating");
    assertThat(rotating.stdout())
        .as(rotating.stderr())
        .contains("revision: 2")
        .doesNotContain("- revision: 1");
    Cli.Result observed = operators.cli("journal", "--type", "SecretTriggerObserved");
    assertThat(observed.stdout().lines())
        .as(observed.stderr())
        .hasSize(2)
        .anySatisfy(line -> assertThat(line).contains("secret-expired"))
        .anySatisfy(line -> assertThat(line).contains("secret-remove"));
  }

  @Test
  void aFailedHooksSecretChangesAreDroppedAndACompletedHooksAreKept() throws Exception {
    String configChanged =
        """
                #!/bin/sh
                set -eu
                greeting=$(config-get greeting)
                uri=$(secret-add --label "greeting-$greeting" token=t0k3n)
                [ "$(secret-get "$uri" token)" = t0k3n ] || exit 2
                [ "$(secret-get --label "greeting-$greeting" --format json)" = '{"token":"t0k3n"}' ] || exit 3
                printf 'user: admin\\nport: 5432\\n' > "$HOME/keys.yaml"
                from_file=$(secret-add --label "file-$greeting" --file "$HOME/keys.yaml" port=6543)
                [ "$(secret-get "$from_file" --format json)" = '{"port":"6543","user":"admin"}' ] || exit 4
                if [ "$greeting" = fail ]; then exit 1; fi
                status-set active "stored $greeting"
                """;
    Path charm =
        ScriptCharm.write(
            operators.tmp().resolve("charm"),
            "scripted",
            Map.of("hooks/config-changed", configChanged));
    SpecFile spec = operators.spec("scripted", charm).write();
    OperatorProcess operator = operators.start(spec);
    OperatorApi api = operator.awaitListening();
    Expect.status(
        api,
        "config-changed completed",
        st ->
            "stored hi"
                .equals(st.unit("scripted/0").path("workloadStatus").path("message").asText()));
    Cli.Result kept = operators.cli("show-secret", "greeting-hi");
    assertThat(kept.stdout())
        .as(kept.stderr() + "\nsee " + operator.logFile())
        .contains("revision: 1", "owner: application scripted");

    spec.withConfig(Map.of("greeting", "fail")).write();
    Expect.status(
        api,
        "config-changed failed",
        s -> "config-changed".equals(s.unit("scripted/0").path("failedHook").asText()));
    assertThat(operators.cli("show-secret", "greeting-fail").stderr())
        .contains("secret \"greeting-fail\" not found");
    assertThat(operators.cli("journal", "--type", "SecretCreated").stdout().lines())
        .as("greeting-hi and file-hi")
        .hasSize(2);
  }

  private static void awaitHeard(Path file, String start, OperatorProcess operator) {
    org.awaitility.Awaitility.await("the charm heard " + start + "(see " + operator.logFile() + ")")
        .atMost(OperatorProcess.PATIENCE)
        .until(
            () ->
                Files.exists(file)
                    && Files.readAllLines(file).stream().anyMatch(l -> l.startsWith(start)));
  }

  private static void awaitLastHook(OperatorApi api, String hook, OperatorProcess operator) {
    Expect.status(
        api,
        LEADER + " idle after " + hook + " (see " + operator.logFile() + ")",
        s ->
            s.allUnitsIdle()
                && hook.equals(s.unit(LEADER).path("lastHook").asText())
                && "completed".equals(s.unit(LEADER).path("lastHookOutcome").asText()));
  }

  /**
   * An ops charm with this {@code src/charm.py} and metadata and the options of {@link
   * #CONFIG_YAML}, as {@code charmcraft pack} leaves it.
   */
  private Path packed(String name, String charmPy, String metadata)
      throws IOException, InterruptedException {
    return VendoredOps.charm(charmPy, "install", "config-changed", "start")
        .file("metadata.yaml", metadata)
        .file("config.yaml", CONFIG_YAML)
        .writeTo(operators.tmp().resolve(name + ".charm"));
  }

  private SpecFile spec(Path charm) {
    return operators.spec(APP, charm).write();
  }

  private static void awaitStatus(OperatorApi api, OperatorProcess operator, String message) {
    Expect.status(
        api,
        LEADER + " says \"" + message + "\" (see " + operator.logFile() + ")",
        s ->
            s.unitNames().equals(List.of(LEADER))
                && s.allUnitsIdle()
                && message.equals(s.unit(LEADER).path("workloadStatus").path("message").asText()));
  }

  private static String awaitNewPassword(Path file, String old) {
    org.awaitility.Awaitility.await("a new password")
        .atMost(OperatorProcess.PATIENCE)
        .until(() -> !Files.readString(file).equals(old));
    return readQuietly(file);
  }

  private static String readQuietly(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  private static String sha(Path file) throws Exception {
    if (!Files.exists(file)) {
      org.awaitility.Awaitility.await("the charm's password file")
          .atMost(OperatorProcess.PATIENCE)
          .until(() -> Files.exists(file));
    }
    byte[] digest = MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file));
    return String.format("%064x", new BigInteger(1, digest)).substring(0, 16);
  }
}
