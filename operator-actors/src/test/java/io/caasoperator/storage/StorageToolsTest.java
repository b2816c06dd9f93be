package io.caasoperator.storage;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.domain.CharmStorage;
import io.caasoperator.hooktool.TestContext;
import io.caasoperator.hooktool.ToolEffect;
import io.caasoperator.hooktool.ToolOutcome;
import io.caasoperator.persistence.UnitState;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code storage-list}, {@code storage-get} and {@code storage-add}, with Juju 3.6's flags, formats
 * and errors.
 */
class StorageToolsTest {

  private static final UnitState.StorageInstance DATA =
      new UnitState.StorageInstance(
          "data/0", "filesystem", "/srv/agents/unit-mariadb-0/storage/data-0");
  private static final UnitState.StorageInstance LOGS =
      new UnitState.StorageInstance("logs/0", "filesystem", "/var/log/mariadb");
  private static final UnitState.StorageInstance DATA_1 =
      new UnitState.StorageInstance(
          "data/1", "filesystem", "/srv/agents/unit-mariadb-0/storage/data-1");

  /**
   * ops' own pattern (ops/model.py, _ModelBackend._STORAGE_KEY_RE, ops 2.17), in Java's group
   * syntax.
   */
  private static final Pattern OPS_STORAGE_KEY =
      Pattern.compile(
          ".*^-s\\s+\\(=\\s+(?<storageKey>.*?)\\)\\s*?$", Pattern.MULTILINE | Pattern.DOTALL);

  private static TestContext unit(String hookStorage, boolean canAdd) {
    TestContext base = TestContext.follower();
    TestContext.Extras e = base.extras();
    return base.with(
        new TestContext.Extras(
            e.addresses(),
            Map.of("data/0", DATA, "logs/0", LOGS, "data/1", DATA_1),
            hookStorage,
            Map.of(
                "data",
                new CharmStorage("filesystem", ""),
                "logs",
                new CharmStorage("filesystem", "/var/log/mariadb")),
            canAdd,
            e.resources()));
  }

  private final TestContext attaching = unit("data/0", true).withHook("data-storage-attached");
  private final TestContext configChanged = unit(null, true);

  @Test
  void storageListListsTheUnitsInstancesAllOrOfOneName() {
    assertThat(configChanged.run("storage-list").stdout()).isEqualTo("data/0\ndata/1\nlogs/0\n");
    assertThat(configChanged.run("storage-list", "data", "--format=json").stdout())
        .isEqualTo("[\"data/0\",\"data/1\"]\n");
    assertThat(configChanged.run("storage-list", "cache", "--format=json").stdout())
        .isEqualTo("[]\n");
    assertThat(configChanged.run("storage-list", "data", "logs").stderr())
        .isEqualTo("ERROR unrecognized args: [\"logs\"]\n");
  }

  @Test
  void storageGetInAStorageHookDefaultsToItsInstance() {
    assertThat(attaching.run("storage-get", "location").stdout())
        .isEqualTo("/srv/agents/unit-mariadb-0/storage/data-0\n");
    assertThat(attaching.run("storage-get", "--format=json").stdout())
        .isEqualTo(
            "{\"kind\":\"filesystem\",\"location\":\"/srv/agents/unit-mariadb-0/storage/data-0\"}\n");
    assertThat(attaching.run("storage-get").stdout())
        .isEqualTo("kind: filesystem\nlocation: /srv/agents/unit-mariadb-0/storage/data-0\n");
  }

  @Test
  void storageGetTakesAnInstanceWithDashSAsOpsCallsIt() {
    // ops: storage-get -s <name>/<index> location --format=json
    assertThat(
            configChanged.run("storage-get", "-s", "logs/0", "location", "--format=json").stdout())
        .isEqualTo("\"/var/log/mariadb\"\n");
    assertThat(configChanged.run("storage-get", "-s", "data/1", "kind").stdout())
        .isEqualTo("filesystem\n");
  }

  @Test
  void storageGetErrorsAreJujus() {
    assertThat(configChanged.run("storage-get", "location"))
        .isEqualTo(ToolOutcome.failed(2, "no storage instance specified"));
    assertThat(configChanged.run("storage-get", "-s", "Data/0"))
        .isEqualTo(
            ToolOutcome.failed(
                2, "invalid value \"Data/0\" for flag -s: invalid storage ID \"Data/0\""));
    assertThat(configChanged.run("storage-get", "-s", "data/7"))
        .isEqualTo(
            ToolOutcome.failed(2, "invalid value \"data/7\" for flag -s: storage not found"));
    assertThat(attaching.run("storage-get", "size"))
        .isEqualTo(ToolOutcome.failed(1, "invalid storage attribute \"size\""));
    assertThat(attaching.run("storage-get", "kind", "location"))
        .isEqualTo(ToolOutcome.failed(2, "unrecognized args: [\"location\"]"));
  }

  @Test
  void storageGetHelpShowsTheHooksInstanceWhereOpsLooksForIt() {
    String help = attaching.run("storage-get", "--help").stdout();
    assertThat(help)
        .startsWith(
            "Usage: storage-get [options] [<key>]\n\nSummary:\n"
                + "Print information for the storage instance with the specified ID.\n\nOptions:\n");
    assertThat(help).contains("\n-s  (= data/0)\n    specify a storage instance by id\n");
    Matcher ops = OPS_STORAGE_KEY.matcher(help);
    assertThat(ops.lookingAt()).as("ops finds the storage key (Python's re.match)").isTrue();
    assertThat(ops.group("storageKey")).isEqualTo("data/0");
    assertThat(Integer.parseInt(ops.group("storageKey").split("/")[1])).isZero();
  }

  @Test
  void storageAddAddsInstancesOfDeclaredStorage() {
    ToolOutcome added = configChanged.run("storage-add", "data=2", "logs");
    assertThat(added.exitCode()).isZero();
    assertThat(added.stdout()).isEmpty();
    assertThat(added.effects())
        .containsExactly(
            new ToolEffect.StorageAdded(configChanged.unit(), "data", 2),
            new ToolEffect.StorageAdded(configChanged.unit(), "logs", 1));
  }

  /** Each row: {@code storage-add}'s arguments, then Juju's exit code and error. */
  @ParameterizedTest(name = "storage-add {0}")
  @CsvSource(
      delimiter = '|',
      emptyValue = "",
      textBlock =
          """
          ''            | 2 | storage add requires a storage directive
          data=1=2      | 2 | expected "name=constraints" or "name", got "data=1=2"
          =2            | 2 | expected "name=constraints" or "name", got "=2"
          data data=2   | 2 | storage "data" specified more than once
          data=0        | 2 | cannot parse constraints for storage "data": cannot parse count: count must be greater than zero, got "0"
          data=2!       | 2 | cannot parse constraints for storage "data": unrecognized storage constraint "2!" not valid
          data=ebs,2    | 2 | only count can be specified for "data"
          data=10G      | 2 | only count can be specified for "data"
          data=,        | 2 | cannot parse constraints for storage "data": storage constraints require at least one field to be specified
          """)
  void storageAddDirectivesAreCheckedAsJujuParsesThem(String args, int code, String error) {
    String[] directives = args.isEmpty() ? new String[0] : args.split(" ");
    assertThat(configChanged.run("storage-add", directives))
        .isEqualTo(ToolOutcome.failed(code, error));
  }

  @Test
  void storageAddRefusesStorageTheCharmDoesNotDeclareAndStorageWhereNoneCanBeAdded() {
    assertThat(configChanged.run("storage-add", "cache"))
        .isEqualTo(ToolOutcome.failed(1, "charm storage \"cache\" not found"));
    ToolOutcome kubernetes = unit(null, false).run("storage-add", "data");
    assertThat(kubernetes.exitCode()).isEqualTo(1);
    assertThat(kubernetes.stderr())
        .startsWith("ERROR adding storage to a Kubernetes unit is not supported");
    assertThat(kubernetes.effects()).isEmpty();
  }

  @Test
  void withoutStorageTheListIsEmpty() {
    assertThat(TestContext.follower().run("storage-list", "--format=json").stdout())
        .isEqualTo("[]\n");
    assertThat(TestContext.follower().run("storage-list").stdout()).isEmpty();
    assertThat(List.of(TestContext.follower().run("storage-get", "--help").stdout().split("\n")))
        .contains("-s  (= )");
  }
}
