package io.caasoperator.relation;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.hooktool.RelationView;
import io.caasoperator.hooktool.TestContext;
import io.caasoperator.hooktool.ToolEffect;
import io.caasoperator.hooktool.ToolOutcome;
import io.caasoperator.persistence.RelationHook;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * relation-ids, relation-list, relation-get and relation-set, as Juju's jujuc prints and refuses
 * them.
 */
class RelationToolsTest {

  private static final RelationView CLUSTER =
      new RelationView(
          0,
          "cluster",
          "mariadb",
          List.of("mariadb/1", "mariadb/2"),
          Map.of(
              "mariadb/0",
              Map.of("private-address", "10.0.0.0", "mine", "yes"),
              "mariadb/1",
              Map.of("private-address", "10.0.0.1", "ready", "true"),
              "mariadb/2",
              Map.of("private-address", "10.0.0.2")),
          Map.of("primary", "mariadb/0"));
  private static final RelationHook CHANGED_BY_1 =
      new RelationHook(0, "cluster", "mariadb/1", "mariadb", "", 4);

  /**
   * The test context in relation cluster:0 (and cluster-backup:3 without members), in {@code
   * hook}'s relation if any.
   */
  private record InRelation(TestContext base, RelationHook hook) implements TestContext.Delegating {
    @Override
    public Optional<String> hookName() {
      return Optional.ofNullable(hook).map(h -> h.endpoint() + "-relation-changed");
    }

    @Override
    public Map<Long, RelationView> relations() {
      return Map.of(
          0L, CLUSTER, 3L, new RelationView(3, "backup", "mariadb", List.of(), Map.of(), Map.of()));
    }

    @Override
    public Optional<RelationHook> hookRelation() {
      return Optional.ofNullable(hook);
    }
  }

  private static final InRelation HOOK = new InRelation(TestContext.follower(), CHANGED_BY_1);
  private static final InRelation NO_HOOK = new InRelation(TestContext.follower(), null);
  private static final InRelation LEADER = new InRelation(TestContext.leader(), null);

  @Test
  void relationIdsListsTheEndpointsRelationsAsNameColonIdDefaultingToTheHooksRelation() {
    assertThat(NO_HOOK.run("relation-ids", "cluster").stdout()).isEqualTo("cluster:0\n");
    assertThat(NO_HOOK.run("relation-ids", "cluster", "--format=json").stdout())
        .isEqualTo("[\"cluster:0\"]\n");
    assertThat(NO_HOOK.run("relation-ids", "db", "--format=json").stdout()).isEqualTo("[]\n");
    assertThat(HOOK.run("relation-ids").stdout()).isEqualTo("cluster:0\n");
    assertThat(NO_HOOK.run("relation-ids").stderr())
        .isEqualTo("ERROR no endpoint name specified\n");
  }

  @Test
  void relationListPrintsTheMembersOrWithAppTheRemoteApplication() {
    assertThat(HOOK.run("relation-list").stdout()).isEqualTo("mariadb/1\nmariadb/2\n");
    assertThat(NO_HOOK.run("relation-list", "-r", "0", "--format=json").stdout())
        .isEqualTo("[\"mariadb/1\",\"mariadb/2\"]\n");
    assertThat(NO_HOOK.run("relation-list", "-r", "cluster:0", "--app", "--format=json").stdout())
        .isEqualTo("\"mariadb\"\n");
    assertThat(NO_HOOK.run("relation-list", "-r", "3", "--format=json").stdout()).isEqualTo("[]\n");
  }

  @Test
  void anUnknownOrMissingRelationIdIsRefusedInJujusWordsWhichOpsRecognises() {
    ToolOutcome unknown = NO_HOOK.run("relation-list", "-r", "7", "--format=json");
    assertThat(unknown.exitCode()).isEqualTo(2);
    assertThat(unknown.stderr())
        .isEqualTo("ERROR invalid value \"7\" for flag -r: relation not found\n");
    assertThat(NO_HOOK.run("relation-get", "-r", "cluster:9", "-", "mariadb/1").stderr())
        .contains("relation not found");
    assertThat(NO_HOOK.run("relation-list", "-r", "x").stderr())
        .isEqualTo("ERROR invalid value \"x\" for flag -r: invalid relation id\n");
    assertThat(NO_HOOK.run("relation-list").stderr()).isEqualTo("ERROR no relation id specified\n");
    assertThat(NO_HOOK.run("relation-set", "a=b").stderr())
        .isEqualTo("ERROR no relation id specified\n");
  }

  @Test
  void relationGetReadsTheRemoteUnitByDefaultOneKeyOrAllWithFlagsAfterPositionals() {
    assertThat(HOOK.run("relation-get").stdout())
        .isEqualTo("private-address: 10.0.0.1\nready: \"true\"\n");
    assertThat(HOOK.run("relation-get", "ready").stdout()).isEqualTo("true\n");
    assertThat(HOOK.run("relation-get", "missing").stdout()).isEmpty();
    assertThat(HOOK.run("relation-get", "missing", "--format=json").stdout()).isEqualTo("null\n");
    // as ops calls it
    assertThat(NO_HOOK.run("relation-get", "-r", "0", "-", "mariadb/2", "--format=json").stdout())
        .isEqualTo("{\"private-address\":\"10.0.0.2\"}\n");
    assertThat(NO_HOOK.run("relation-get", "-r", "0", "-", "mariadb/0", "--format=json").stdout())
        .isEqualTo("{\"mine\":\"yes\",\"private-address\":\"10.0.0.0\"}\n");
    assertThat(
            NO_HOOK
                .run("relation-get", "-r", "0", "-", "mariadb", "--app", "--format=json")
                .stdout())
        .isEqualTo("{\"primary\":\"mariadb/0\"}\n");
    assertThat(HOOK.run("relation-get", "--app", "primary").stdout()).isEqualTo("mariadb/0\n");
  }

  @Test
  void relationGetRefusesWhatItCannotRead() {
    assertThat(NO_HOOK.run("relation-get", "-r", "0").stderr())
        .isEqualTo("ERROR no unit or application specified\n");
    assertThat(NO_HOOK.run("relation-get", "-r", "0", "-", "mariadb").stderr())
        .isEqualTo("ERROR expected unit name, got application name \"mariadb\"\n");
    assertThat(NO_HOOK.run("relation-get", "-r", "0", "-", "mariadb/9").stderr())
        .isEqualTo(
            "ERROR cannot read settings for unit \"mariadb/9\" in relation cluster:0: unit \"mariadb/9\": settings not found\n");
    assertThat(NO_HOOK.run("relation-get", "-r", "0", "-", "mariadb/1", "extra").stderr())
        .isEqualTo("ERROR unrecognized args: [\"extra\"]\n");
  }

  @Test
  void relationSetWritesTheWholeDatabagWithEmptyValuesDeletingAndTheFileFirst() {
    ToolOutcome set = HOOK.run("relation-set", "ready=now", "mine=");
    assertThat(set.exitCode()).isZero();
    assertThat(set.effects())
        .containsExactly(
            new ToolEffect.RelationSettingsSet(
                0, false, Map.of("private-address", "10.0.0.0", "ready", "now")));
    // as ops calls it: a YAML map on standard input; key=value arguments win over the file's
    ToolOutcome file =
        NO_HOOK.runWithInput(
            "ready: 'yes'\nport: 5432\n", "relation-set", "-r", "0", "--file", "-", "port=6543");
    assertThat(file.effects())
        .containsExactly(
            new ToolEffect.RelationSettingsSet(
                0,
                false,
                Map.of(
                    "private-address", "10.0.0.0", "mine", "yes", "ready", "yes", "port", "6543")));
  }

  @Test
  void onlyTheLeaderWritesTheApplicationDatabag() {
    assertThat(
            LEADER
                .runWithInput(
                    "primary: mariadb/1\n", "relation-set", "-r", "0", "--app", "--file", "-")
                .effects())
        .containsExactly(
            new ToolEffect.RelationSettingsSet(0, true, Map.of("primary", "mariadb/1")));
    ToolOutcome follower = NO_HOOK.run("relation-set", "-r", "0", "--app", "primary=mariadb/2");
    assertThat(follower.exitCode()).isEqualTo(1);
    assertThat(follower.stderr()).isEqualTo("ERROR cannot write relation settings\n");
    assertThat(follower.effects()).isEmpty();
  }

  @Test
  void aFileOfOnlyCommentsSetsNothing() {
    // goyaml unmarshals a document with no content into a nil map, so Juju's relation-set
    // (worker/uniter/runner/jujuc/relation-set.go, readSettings) sets nothing and succeeds
    ToolOutcome comments =
        NO_HOOK.runWithInput(
            "# nothing to share yet\n", "relation-set", "-r", "0", "--file", "-", "port=1");
    assertThat(comments.exitCode()).isZero();
    assertThat(comments.effects())
        .containsExactly(
            new ToolEffect.RelationSettingsSet(
                0, false, Map.of("private-address", "10.0.0.0", "mine", "yes", "port", "1")));
  }

  @Test
  void relationSetRefusesAPathItCannotReadAndBadYaml() {
    // the shims send a file's content as --file - (see HookToolShims): a path never reaches the
    // interpreter from them
    assertThat(NO_HOOK.run("relation-set", "-r", "0", "--file", "/tmp/x.yaml").exitCode())
        .isEqualTo(1);
    assertThat(
            NO_HOOK.runWithInput("- a\n- b\n", "relation-set", "-r", "0", "--file", "-").stderr())
        .startsWith("ERROR yaml: ");
    assertThat(NO_HOOK.run("relation-set", "-r", "0", "novalue").stderr())
        .isEqualTo("ERROR expected \"key=value\", got \"novalue\"\n");
  }

  @Test
  void networkGetTakesAPeerRelationsId() {
    ToolOutcome inRelation =
        NO_HOOK.run("network-get", "cluster", "-r", "cluster:0", "--ingress-address");
    assertThat(inRelation.exitCode()).as(inRelation.stderr()).isZero();
    assertThat(inRelation.stdout())
        .isEqualTo(NO_HOOK.run("network-get", "cluster", "--ingress-address").stdout());
    assertThat(NO_HOOK.run("network-get", "cluster", "-r", "cluster:5").stderr())
        .isEqualTo("ERROR invalid value \"cluster:5\" for flag -r: relation not found\n");
  }
}
