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
 * The relation tools in a relation with another application (mariadb's {@code db} with wordpress),
 * as Juju's jujuc answers them: the members and {@code --app} are the other application's, its
 * application databag is readable by every unit, this application's only by its leader, and a
 * relation being broken is left out of {@code relation-ids}.
 */
class CrossRelationToolsTest {

  private static RelationView db(List<String> members, boolean broken) {
    return new RelationView(
        5,
        "db",
        "wordpress",
        members,
        Map.of(
            "mariadb/0", Map.of("private-address", "10.0.0.0"),
            "wordpress/0", Map.of("private-address", "10.0.1.0", "user", "wp"),
            "wordpress/1", Map.of("private-address", "10.0.1.1")),
        Map.of("password", "secret"),
        true,
        Map.of("database", "blog"),
        broken);
  }

  private record InDb(TestContext base, RelationHook hook, RelationView view)
      implements TestContext.Delegating {
    @Override
    public Optional<String> hookName() {
      return Optional.ofNullable(hook).map(h -> h.endpoint() + "-relation-changed");
    }

    @Override
    public Map<Long, RelationView> relations() {
      return Map.of(5L, view);
    }

    @Override
    public Optional<RelationHook> hookRelation() {
      return Optional.ofNullable(hook);
    }
  }

  private static final RelationView JOINED = db(List.of("wordpress/0", "wordpress/1"), false);
  private static final RelationHook APP_CHANGED = new RelationHook(5, "db", "", "wordpress", "", 7);
  private static final InDb FOLLOWER = new InDb(TestContext.follower(), APP_CHANGED, JOINED);
  private static final InDb LEADER = new InDb(TestContext.leader(), APP_CHANGED, JOINED);

  @Test
  void relationListAndIdsNameTheOtherApplicationsUnitsAndTheRelation() {
    assertThat(FOLLOWER.run("relation-list").stdout()).isEqualTo("wordpress/0\nwordpress/1\n");
    assertThat(FOLLOWER.run("relation-list", "--app").stdout()).isEqualTo("wordpress\n");
    assertThat(FOLLOWER.run("relation-ids", "db").stdout()).isEqualTo("db:5\n");
  }

  @Test
  void theOtherApplicationsDatabagIsEveryonesToReadAndItsUnitsToo() {
    assertThat(FOLLOWER.run("relation-get", "--format=json").stdout())
        .as("a change of the application databag: no remote unit, so the remote application's")
        .isEqualTo("{\"database\":\"blog\"}\n");
    assertThat(
            FOLLOWER
                .run("relation-get", "-r", "db:5", "-", "wordpress", "--app", "--format=json")
                .stdout())
        .isEqualTo("{\"database\":\"blog\"}\n");
    assertThat(FOLLOWER.run("relation-get", "-r", "5", "user", "wordpress/0").stdout())
        .isEqualTo("wp\n");
  }

  @Test
  void onlyTheLeaderReadsAndWritesItsOwnApplicationsDatabag() {
    assertThat(LEADER.run("relation-get", "-r", "5", "--app", "-", "mariadb").stdout())
        .isEqualTo("password: secret\n");
    ToolOutcome refused = FOLLOWER.run("relation-get", "-r", "5", "--app", "-", "mariadb");
    assertThat(refused.exitCode()).isEqualTo(1);
    assertThat(refused.stderr()).isEqualTo("ERROR permission denied\n");
    assertThat(FOLLOWER.run("relation-set", "-r", "5", "--app", "a=b").stderr())
        .isEqualTo("ERROR cannot write relation settings\n");
    assertThat(LEADER.run("relation-set", "-r", "5", "--app", "a=b").effects())
        .containsExactly(
            new ToolEffect.RelationSettingsSet(5, true, Map.of("password", "secret", "a", "b")));
  }

  @Test
  void inRelationBrokenTheRelationIsNoLongerListedButStillReadableByItsId() {
    RelationHook broken = new RelationHook(5, "db", "", "wordpress", "", 0);
    InDb ctx = new InDb(TestContext.follower(), broken, db(List.of(), true));
    assertThat(ctx.run("relation-ids", "db", "--format=json").stdout()).isEqualTo("[]\n");
    assertThat(ctx.run("relation-list", "--format=json").stdout()).isEqualTo("[]\n");
    assertThat(ctx.run("relation-list", "--app").stdout()).isEqualTo("wordpress\n");
    assertThat(ctx.run("relation-get", "-r", "5", "--app", "database", "wordpress").stdout())
        .isEqualTo("blog\n");
  }

  @Test
  void networkGetAnswersForARelationEndpointAsForAnyBinding() {
    ToolOutcome out = FOLLOWER.run("network-get", "db", "--ingress-address");
    ToolOutcome binding = FOLLOWER.run("network-get", "website", "--ingress-address");
    assertThat(out.exitCode()).isEqualTo(binding.exitCode());
    assertThat(out.stdout()).isEqualTo(binding.stdout());
  }
}
