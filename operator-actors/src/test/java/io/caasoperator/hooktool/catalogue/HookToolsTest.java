package io.caasoperator.hooktool.catalogue;

import static io.caasoperator.hooktool.TestContext.map;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.caasoperator.domain.Status;
import io.caasoperator.hooktool.Port;
import io.caasoperator.hooktool.TestContext;
import io.caasoperator.hooktool.ToolEffect;
import io.caasoperator.hooktool.ToolOutcome;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What every tool shares: unknown tools, flag parsing, help, and the calls the ops framework makes.
 */
class HookToolsTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void anUnknownToolFailsInJujusStyle() {
    assertThat(TestContext.follower().run("foo"))
        .isEqualTo(ToolOutcome.failed(1, "unknown command \"foo\""));
    assertThat(HookTools.knows("foo")).isFalse();
    assertThat(HookTools.knows("status-set")).isTrue();
  }

  @Test
  void anUndefinedFlagIsAUsageError() {
    assertThat(TestContext.follower().run("status-get", "--colour"))
        .isEqualTo(ToolOutcome.failed(2, "flag provided but not defined: --colour"));
    assertThat(TestContext.follower().run("is-leader", "-x").stderr())
        .isEqualTo("ERROR flag provided but not defined: -x\n");
  }

  @Test
  void aFlagWithoutItsValueOrWithABadValueIsAUsageError() {
    assertThat(TestContext.follower().run("config-get", "--format").stderr())
        .isEqualTo("ERROR flag needs an argument: --format\n");
    assertThat(TestContext.follower().run("config-get", "--format=xml").stderr())
        .isEqualTo("ERROR invalid value \"xml\" for flag --format: unknown format \"xml\"\n");
    assertThat(TestContext.follower().run("status-set", "--application=maybe", "active").exitCode())
        .isEqualTo(2);
  }

  @Test
  void flagsMayFollowArgumentsUntilDoubleDash() {
    assertThat(TestContext.leader().run("status-set", "active", "--application").effects())
        .containsExactly(
            new ToolEffect.ApplicationStatusSet(Status.of("active", "", TestContext.NOW)));
    assertThat(TestContext.follower().run("juju-log", "--", "--debug").effects())
        .containsExactly(new ToolEffect.Logged("INFO", "--debug"));
  }

  @Test
  void outputToAFileIsRefusedWithTheWayOut() {
    ToolOutcome outcome = TestContext.follower().run("config-get", "-o", "/tmp/out");

    assertThat(outcome.exitCode()).isEqualTo(2);
    assertThat(outcome.stderr()).contains("--output is not supported");
  }

  @Test
  void helpPrintsUsageAndSucceeds() {
    ToolOutcome help = TestContext.follower().run("status-set", "--help");

    assertThat(help.exitCode()).isZero();
    assertThat(help.stdout())
        .startsWith(
            "Usage: status-set [options] <maintenance | blocked | waiting | active> [message]\n");
    assertThat(help.effects()).isEmpty();
  }

  @Test
  void everyToolHasAShimName() {
    assertThat(HookTools.NAMES)
        .contains(
            "status-set",
            "status-get",
            "config-get",
            "is-leader",
            "leader-get",
            "leader-set",
            "juju-log",
            "application-version-set",
            "state-get",
            "state-set",
            "state-delete",
            "relation-ids",
            "opened-ports",
            "open-port",
            "close-port",
            "goal-state",
            "unit-get",
            "action-get",
            "action-set",
            "action-log",
            "action-fail");
  }

  /**
   * The exact command lines of ops' {@code _ModelBackend} (ops/model.py) and {@code
   * _JujuStorageBackend} (ops/storage.py), with the output each parses.
   */
  @Test
  void opsFrameworkInvocationsAreUnderstood() throws Exception {
    TestContext leader =
        TestContext.leader()
            .withConfig(map("port", 3306))
            .withCharmState(Map.of("StoredStateData[_stored]", "{a: 1}\n"));
    TestContext action = leader.withAction("backup", map("target", "s3"));

    // is_leader(), config_get()
    assertThat(leader.run("is-leader", "--format=json").stdout()).isEqualTo("true\n");
    assertThat(json(leader.run("config-get", "--format=json")).get("port").asInt()).isEqualTo(3306);
    // status_get(is_app=False / True)
    JsonNode unit =
        json(leader.run("status-get", "--include-data", "--application=False", "--format=json"));
    assertThat(unit.get("status").asText()).isEqualTo("active");
    assertThat(unit.get("message").asText()).isEqualTo("ready");
    JsonNode app =
        json(leader.run("status-get", "--include-data", "--application=True", "--format=json"));
    assertThat(app.at("/application-status/status").asText()).isEqualTo("active");
    assertThat(app.at("/application-status/message").asText()).isEmpty();
    // status_set(status, message, is_app=...)
    assertThat(leader.run("status-set", "--application=False", "maintenance", "").effects())
        .containsExactly(
            new ToolEffect.WorkloadStatusSet(Status.of("maintenance", "", TestContext.NOW)));
    assertThat(leader.run("status-set", "--application=True", "blocked", "db?").effects())
        .containsExactly(
            new ToolEffect.ApplicationStatusSet(Status.of("blocked", "db?", TestContext.NOW)));
    // relation_ids(name), planned_units() via goal-state
    assertThat(leader.run("relation-ids", "db", "--format=json").stdout()).isEqualTo("[]\n");
    assertThat(
            json(leader.run("goal-state", "--format=json")).at("/units/mariadb~10/status").asText())
        .isEqualTo("active");
    // juju_log(level, message), application_version_set(version)
    assertThat(
            leader
                .run("juju-log", "--log-level", "DEBUG", "--", "Emitting Juju event start.")
                .effects())
        .containsExactly(new ToolEffect.Logged("DEBUG", "Emitting Juju event start."));
    assertThat(leader.run("application-version-set", "--", "10.6").effects())
        .containsExactly(new ToolEffect.WorkloadVersionSet("10.6"));
    // open_port / close_port / opened_ports
    assertThat(leader.run("open-port", "8080/tcp").effects())
        .containsExactly(new ToolEffect.PortOpened(Port.of(8080, "tcp")));
    assertThat(leader.run("open-port", "icmp").effects())
        .containsExactly(new ToolEffect.PortOpened(Port.icmp()));
    assertThat(leader.run("close-port", "8080/tcp").effects())
        .containsExactly(new ToolEffect.PortClosed(Port.of(8080, "tcp")));
    assertThat(leader.run("opened-ports").exitCode()).isZero();
    // action_get / action_set / action_log / action_fail('')
    assertThat(json(action.run("action-get", "--format=json")).get("target").asText())
        .isEqualTo("s3");
    assertThat(action.run("action-set", "result.size=10").effects())
        .containsExactly(new ToolEffect.ActionResultSet(Map.of("result", Map.of("size", "10"))));
    assertThat(action.run("action-log", "working").effects())
        .containsExactly(new ToolEffect.ActionLogged("working"));
    assertThat(action.run("action-fail", "").effects())
        .containsExactly(new ToolEffect.ActionFailed(""));
    // JujuStorage: state-get key / state-set --file - / state-delete key
    assertThat(leader.run("state-get", "StoredStateData[_stored]").stdout())
        .isEqualTo("{a: 1}\n\n");
    assertThat(leader.run("state-get", "#notices#").stdout()).isEmpty();
    assertThat(leader.runWithStdin("'#notices#': |\n  []\n", "state-set", "--file", "-").effects())
        .containsExactly(new ToolEffect.CharmStateSet("#notices#", "[]\n"));
    assertThat(leader.run("state-delete", "StoredStateData[_stored]").effects())
        .containsExactly(new ToolEffect.CharmStateDeleted("StoredStateData[_stored]"));
  }

  private static JsonNode json(ToolOutcome outcome) throws Exception {
    assertThat(outcome.exitCode()).as(outcome.stderr()).isZero();
    return JSON.readTree(outcome.stdout());
  }
}
