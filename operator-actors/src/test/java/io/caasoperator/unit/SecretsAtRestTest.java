package io.caasoperator.unit;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.domain.Life;
import io.caasoperator.domain.UnitId;
import io.caasoperator.secret.SecretCipher;
import io.caasoperator.secret.SecretStore;
import io.caasoperator.secret.Secrets;
import io.caasoperator.testing.H2JournalFile;
import io.caasoperator.testing.RestartablePostgres;
import io.caasoperator.testing.ScriptedExecutor;
import io.caasoperator.testing.TestUnits;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.TestProbe;
import org.apache.pekko.actor.typed.ActorRef;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A secret's content is encrypted at rest, read where it rests: the journal's own storage, the H2
 * file's bytes and PostgreSQL's tables, after a hook ran {@code secret-add} and a later hook {@code
 * secret-set}. The same scan finds the secret's label, which is stored in clear: a scan that could
 * not see the journal's contents would fail there, not pass.
 */
class SecretsAtRestTest {
  private static final String ADDED = "first-plaintext-7f3c9e";
  private static final String SET = "second-plaintext-b81d40";
  private static final String LABEL = "label-in-clear-52a6";
  private static final Set<String> HOOKS = TestUnits.LIFECYCLE_HOOKS;
  private static final String APPLICATION = "vault";
  private static final ApplicationSnapshot APP = TestUnits.APPLICATION;

  @TempDir Path dir;

  @Test
  void theH2JournalFileHoldsTheSecretsLabelButNeitherOfItsContents() throws Exception {
    String bytes = H2JournalFile.bytesAfter(dir.resolve("data"), SecretsAtRestTest::addThenSet);

    assertThat(bytes).as("the journal file").isNotEmpty();
    assertThat(bytes).as("the label, stored in clear").contains(LABEL);
    assertThat(bytes).doesNotContain(ADDED).doesNotContain(SET);
  }

  @Test
  void postgreSqlsJournalTablesHoldTheSecretsLabelButNeitherOfItsContents() throws Exception {
    try (RestartablePostgres postgres = new RestartablePostgres(dir.resolve("pg"))) {
      addThenSet(postgres.journaledTestKit());
      String rows = everyRow(postgres);

      assertThat(rows).as("the label, stored in clear").contains(hex(LABEL));
      assertThat(rows)
          .doesNotContain(ADDED)
          .doesNotContain(hex(ADDED))
          .doesNotContain(SET)
          .doesNotContain(hex(SET));
    }
  }

  /**
   * A leader's install hook adds an application secret (label and content), its config-changed hook
   * sets new content; both complete, so their changes are committed to the secret store.
   */
  private static void addThenSet(ActorTestKit kit) {
    ScriptedExecutor executor = new ScriptedExecutor();
    Secrets secrets = new Secrets(SecretCipher.withRandomKey(), () -> "d0j7ha3q1c4s73d2fa9g");
    UnitDependencies deps =
        TestUnits.dependencies(executor, Path.of("target", "secrets-at-rest-test"))
            .withSecrets(secrets);
    kit.spawn(SecretStore.create(APPLICATION, secrets, Clock.systemUTC()));
    TestProbe<UnitActor.Report> operator = kit.createTestProbe();
    ActorRef<UnitActor.Command> unit =
        kit.spawn(UnitActor.create(UnitId.of(APPLICATION, 0), deps, operator.ref()));
    unit.tell(
        new UnitActor.Assign(
            new Desired(Life.ALIVE, TestUnits.charm(1, HOOKS), 1, true, 0, Duration.ofMinutes(5))));

    ScriptedExecutor.Call install = executor.next();
    String uri =
        tool(kit, unit, install, "secret-add", "--label", LABEL, "password=" + ADDED).strip();
    assertThat(uri).isEqualTo("secret:d0j7ha3q1c4s73d2fa9g");
    install.succeed();
    executor.complete("leader-elected");
    ScriptedExecutor.Call configChanged = executor.next("config-changed");
    tool(kit, unit, configChanged, "secret-set", uri, "password=" + SET);
    configChanged.succeed();
    executor.complete("start");
    // the store commits a hook's secret changes before the unit journals the hook's completion
    operator.fishForMessage(
        Duration.ofSeconds(10),
        report ->
            report instanceof UnitActor.Report.Changed changed
                    && changed.view().hooksRun() == 4
                    && changed.view().runningHook() == null
                ? org.apache.pekko.actor.testkit.typed.javadsl.FishingOutcomes.complete()
                : org.apache.pekko.actor.testkit.typed.javadsl.FishingOutcomes.continueAndIgnore());
  }

  /** Runs a hook tool in {@code hook}'s context; its stdout, once it exited 0. */
  private static String tool(
      ActorTestKit kit,
      ActorRef<UnitActor.Command> unit,
      ScriptedExecutor.Call hook,
      String name,
      String... args) {
    TestProbe<ToolReply> reply = kit.createTestProbe();
    unit.tell(
        new UnitActor.RunHookTool(
            hook.invocation().contextId(), name, List.of(args), "", APP, reply.ref()));
    ToolReply answer = reply.receiveMessage();
    assertThat(answer.outcome().exitCode()).as(answer.outcome().stderr()).isZero();
    return answer.outcome().stdout();
  }

  /**
   * Every row of every table in the journal's database, as PostgreSQL prints a row ({@code bytea}
   * in hex).
   */
  private static String everyRow(RestartablePostgres postgres) throws Exception {
    StringBuilder all = new StringBuilder();
    try (Connection c = DriverManager.getConnection(postgres.jdbcUrl(), "postgres", "");
        Statement s = c.createStatement()) {
      List<String> tables = new ArrayList<>();
      try (ResultSet t =
          s.executeQuery(
              "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'")) {
        while (t.next()) tables.add(t.getString(1));
      }
      assertThat(tables).as("the journal's tables").isNotEmpty();
      for (String table : tables) {
        try (ResultSet rows = s.executeQuery("SELECT r::text FROM \"" + table + "\" r")) {
          while (rows.next()) all.append(rows.getString(1)).append('\n');
        }
      }
    }
    return all.toString();
  }

  private static String hex(String text) {
    return HexFormat.of().formatHex(text.getBytes(StandardCharsets.UTF_8));
  }
}
