package io.caasoperator.hook;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.domain.UnitId;
import io.caasoperator.persistence.PebbleNotice;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every variable a hook, an action and an exec get, listed whole: Juju 3.6's {@code HookVars}
 * (juju/juju worker/uniter/runner/context/context.go) and {@code ubuntuEnv} (env.go), plus what the
 * hook tools of this operator need. A variable added or lost shows here.
 */
class HookEnvironmentTest {
  private static final UnitId UNIT = UnitId.of("mariadb", 1);
  private static final Path UNIT_DIR = Path.of("/srv/caas/agents/unit-mariadb-1");
  private static final Path CHARM = UNIT_DIR.resolve("charm");
  private static final Instant OCCURRED = Instant.parse("2026-11-22T10:00:00Z");
  private static final String UUID = "5f1c6a0e-8d3b-4c7e-9a41-2b6f0d9e3c12";

  private final HookEnvironment environment =
      new HookEnvironment(
              "prod",
              "3.6.0",
              Path.of("/srv/caas/tools"),
              "/usr/bin:/bin",
              "https://127.0.0.1:30666",
              Path.of("/srv/caas/tls/listener.crt"),
              "")
          .withModelUuid(UUID)
          .withCloudApiVersion("1.31.2");

  /** What every run gets, whatever it is. */
  private static Map<String, String> common(String hookName) {
    Map<String, String> env = new TreeMap<>();
    env.put("CHARM_DIR", CHARM.toString());
    env.put("JUJU_CHARM_DIR", CHARM.toString());
    env.put("JUJU_CONTEXT_ID", "mariadb/1-x-1");
    env.put("JUJU_HOOK_NAME", hookName);
    env.put("JUJU_AGENT_SOCKET_ADDRESS", "127.0.0.1:30666");
    env.put("JUJU_AGENT_SOCKET_NETWORK", "tcp");
    env.put("JUJU_UNIT_NAME", "mariadb/1");
    env.put("JUJU_MODEL_UUID", UUID);
    env.put("JUJU_MODEL_NAME", "prod");
    env.put("JUJU_API_ADDRESSES", "");
    env.put("JUJU_SLA", "unsupported");
    env.put("JUJU_MACHINE_ID", "");
    env.put("JUJU_PRINCIPAL_UNIT", "");
    env.put("JUJU_AVAILABILITY_ZONE", "");
    env.put("JUJU_VERSION", "3.6.0");
    env.put("CLOUD_API_VERSION", "1.31.2");
    env.put("JUJU_CHARM_HTTP_PROXY", "");
    env.put("JUJU_CHARM_HTTPS_PROXY", "");
    env.put("JUJU_CHARM_FTP_PROXY", "");
    env.put("JUJU_CHARM_NO_PROXY", "");
    env.put("JUJU_METER_STATUS", "NOT SET");
    env.put("JUJU_METER_INFO", "");
    env.put("APT_LISTCHANGES_FRONTEND", "none");
    env.put("DEBIAN_FRONTEND", "noninteractive");
    env.put("LANG", "C.UTF-8");
    env.put("TERM", "tmux-256color");
    env.put("PATH", "/srv/caas/tools:/usr/bin:/bin");
    env.put("HOME", UNIT_DIR.toString());
    env.put("CAAS_OPERATOR_URL", "https://127.0.0.1:30666");
    env.put("CAAS_OPERATOR_CA_FILE", "/srv/caas/tls/listener.crt");
    env.put("CAAS_OPERATOR_CONTEXT_TOKEN", "t0k3n");
    return env;
  }

  private Map<String, String> of(HookEnvironment.Run run) {
    return new TreeMap<>(
        environment.forContext(UNIT, UNIT_DIR, CHARM, run, "mariadb/1-x-1", "t0k3n"));
  }

  /**
   * Each kind of hook: what it adds to what every run gets, besides its dispatch path {@code
   * hooks/<name>}.
   */
  static Stream<Arguments> hooks() {
    return Stream.of(
        hook(
            "a hook gets Juju's variables, its name and its dispatch path",
            new HookEnvironment.Run.Hook("config-changed"),
            Map.of()),
        hook(
            "a pebble-ready hook names its workload",
            new HookEnvironment.Run.Hook("web-pebble-ready", new HookEnvironment.Workload("web")),
            Map.of("JUJU_WORKLOAD_NAME", "web")),
        hook(
            "a pebble-custom-notice hook names its workload and its notice",
            new HookEnvironment.Run.Hook(
                "web-pebble-custom-notice",
                new HookEnvironment.Notice(
                    PebbleNotice.custom("web", "7", "custom", "example.com/a", OCCURRED))),
            Map.of(
                "JUJU_WORKLOAD_NAME", "web",
                "JUJU_NOTICE_ID", "7",
                "JUJU_NOTICE_TYPE", "custom",
                "JUJU_NOTICE_KEY", "example.com/a")),
        hook(
            "a pebble-check-failed hook names its workload and its check",
            new HookEnvironment.Run.Hook(
                "web-pebble-check-failed",
                new HookEnvironment.Notice(PebbleNotice.check("web", "alive", true, OCCURRED))),
            Map.of("JUJU_WORKLOAD_NAME", "web", "JUJU_PEBBLE_CHECK_NAME", "alive")),
        hook(
            "a secret-expired hook names its secret and its revision",
            new HookEnvironment.Run.Hook(
                "secret-expired",
                new HookEnvironment.Secret("secret:d0j7ha3q1c4s73d2fa9g", "db", 2)),
            Map.of(
                "JUJU_SECRET_ID", "secret:d0j7ha3q1c4s73d2fa9g",
                "JUJU_SECRET_LABEL", "db",
                "JUJU_SECRET_REVISION", "2")),
        hook(
            "a secret-rotate hook of no label: an empty label, as Juju sets it, and no revision",
            new HookEnvironment.Run.Hook(
                "secret-rotate",
                new HookEnvironment.Secret("secret:d0j7ha3q1c4s73d2fa9g", null, 0)),
            Map.of("JUJU_SECRET_ID", "secret:d0j7ha3q1c4s73d2fa9g", "JUJU_SECRET_LABEL", "")),
        hook(
            "a storage hook names its storage instance",
            new HookEnvironment.Run.Hook(
                "data-storage-attached",
                new HookEnvironment.Storage(
                    "data/0", "/srv/caas/agents/unit-mariadb-1/storage/data-0", "filesystem")),
            Map.of(
                "JUJU_STORAGE_ID", "data/0",
                "JUJU_STORAGE_LOCATION", "/srv/caas/agents/unit-mariadb-1/storage/data-0",
                "JUJU_STORAGE_KIND", "filesystem")),
        hook(
            "a relation-departed hook names its relation, remote unit and application and the"
                + " departing unit",
            new HookEnvironment.Run.Hook(
                "cluster-relation-departed",
                new HookEnvironment.Relation(
                    "cluster", "cluster:0", "mariadb/2", "mariadb", "mariadb/2")),
            Map.of(
                "JUJU_RELATION", "cluster",
                "JUJU_RELATION_ID", "cluster:0",
                "JUJU_REMOTE_UNIT", "mariadb/2",
                "JUJU_REMOTE_APP", "mariadb",
                "JUJU_DEPARTING_UNIT", "mariadb/2")),
        hook(
            "a relation-created hook has no remote unit and no departing unit",
            new HookEnvironment.Run.Hook(
                "cluster-relation-created",
                new HookEnvironment.Relation("cluster", "cluster:0", "", "mariadb", "")),
            Map.of(
                "JUJU_RELATION", "cluster",
                "JUJU_RELATION_ID", "cluster:0",
                "JUJU_REMOTE_UNIT", "",
                "JUJU_REMOTE_APP", "mariadb")));
  }

  private static Arguments hook(
      String behaviour, HookEnvironment.Run.Hook run, Map<String, String> ownVariables) {
    return Arguments.of(behaviour, run, ownVariables);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("hooks")
  void aHookGetsWhatEveryRunGetsItsDispatchPathAndTheVariablesOfItsKind(
      String behaviour, HookEnvironment.Run.Hook run, Map<String, String> ownVariables) {
    Map<String, String> expected = common(run.name());
    expected.put("JUJU_DISPATCH_PATH", "hooks/" + run.name());
    expected.putAll(ownVariables);
    assertThat(of(run)).isEqualTo(expected);
  }

  @Test
  void anActionGetsTheSameVariablesAsAHookWithItsNameIdAndTagAndAnEmptyHookName() {
    Map<String, String> expected = common("");
    expected.put("JUJU_DISPATCH_PATH", "actions/backup");
    expected.put("JUJU_ACTION_NAME", "backup");
    expected.put("JUJU_ACTION_UUID", "42");
    expected.put("JUJU_ACTION_TAG", "action-42");
    assertThat(of(new HookEnvironment.Run.Action("backup", "42", true))).isEqualTo(expected);

    expected.remove("JUJU_DISPATCH_PATH");
    assertThat(of(new HookEnvironment.Run.Action("backup", "42", false)))
        .as("commands run as an action have no action script to dispatch to")
        .isEqualTo(expected);
  }

  @Test
  void anExecGetsTheSameVariablesAsAHookWithAnEmptyHookNameAndNoDispatchPath() {
    assertThat(of(new HookEnvironment.Run.Exec())).isEqualTo(common(""));
  }

  @Test
  void beforeTheModelIsIdentifiedTheUuidIsEmptyAndWithoutAListenerSoIsTheSocketAddress() {
    HookEnvironment bare =
        new HookEnvironment("prod", "3.6.0", Path.of("/t"), null, null, null, null);
    Map<String, String> env =
        bare.forContext(UNIT, UNIT_DIR, CHARM, new HookEnvironment.Run.Exec(), "c", null);
    assertThat(env)
        .containsEntry("JUJU_MODEL_UUID", "")
        .containsEntry("JUJU_AGENT_SOCKET_ADDRESS", "")
        .containsEntry("CLOUD_API_VERSION", "")
        .containsEntry("PATH", "/t:/usr/local/bin:/usr/bin:/bin")
        .doesNotContainKeys(
            "CAAS_OPERATOR_URL", "CAAS_OPERATOR_CA_FILE", "CAAS_OPERATOR_CONTEXT_TOKEN");
  }

  @Test
  void theSocketAddressIsTheListenersHostAndPort() {
    assertThat(HookEnvironment.socketAddress("https://caas-operator.prod.svc:30666"))
        .isEqualTo("caas-operator.prod.svc:30666");
    assertThat(HookEnvironment.socketAddress("http://[::1]:8080/")).isEqualTo("[::1]:8080");
    assertThat(HookEnvironment.socketAddress("https://operator.example"))
        .isEqualTo("operator.example:443");
    assertThat(HookEnvironment.socketAddress("not a url")).isEmpty();
  }
}
