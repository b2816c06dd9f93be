package io.caasoperator.unitcontext;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.domain.Life;
import io.caasoperator.hooktool.TestContext;
import io.caasoperator.hooktool.ToolOutcome;
import java.util.List;
import org.junit.jupiter.api.Test;

class ModelToolsTest {

  private final TestContext ctx = TestContext.follower();

  @Test
  void relationIdsIsEmptyForEveryEndpoint() {
    assertThat(ctx.run("relation-ids", "db")).isEqualTo(ToolOutcome.printed(""));
    assertThat(ctx.run("relation-ids", "db", "--format=json").stdout()).isEqualTo("[]\n");
    assertThat(ctx.run("relation-ids").stderr()).isEqualTo("ERROR no endpoint name specified\n");
  }

  @Test
  void goalStateListsUnitsWithDyingOnesAsDying() {
    TestContext three =
        ctx.withUnits(
            List.of(
                TestContext.peer(0, Life.ALIVE, "active", ""),
                TestContext.peer(1, Life.DYING, "active", ""),
                TestContext.peer(2, Life.ALIVE, "waiting", "")));

    assertThat(three.run("goal-state", "--format=json").stdout())
        .isEqualTo(
            "{\"relations\":{},\"units\":{"
                + "\"mariadb/0\":{\"since\":\"2026-11-22T01:02:03Z\",\"status\":\"active\"},"
                + "\"mariadb/1\":{\"since\":\"2026-11-22T01:02:03Z\",\"status\":\"dying\"},"
                + "\"mariadb/2\":{\"since\":\"2026-11-22T01:02:03Z\",\"status\":\"waiting\"}}}\n");
  }

  @Test
  void goalStatePrintsYamlByDefaultAndHasNoSmartFormat() {
    assertThat(ctx.run("goal-state").stdout())
        .isEqualTo(
            "relations: {}\nunits:\n  mariadb/0:\n    since: 2026-11-22T01:02:03Z\n    status: active\n");
    ToolOutcome smart = ctx.run("goal-state", "--format=smart");
    assertThat(smart.exitCode()).isEqualTo(2);
    assertThat(smart.stderr())
        .isEqualTo("ERROR invalid value \"smart\" for flag --format: unknown format \"smart\"\n");
  }

  @Test
  void unitGetPrintsTheAddresses() {
    assertThat(ctx.run("unit-get", "private-address").stdout()).isEqualTo("10.152.183.7\n");
    assertThat(ctx.run("unit-get", "public-address", "--format=json").stdout())
        .isEqualTo("\"203.0.113.7\"\n");
    ToolOutcome unknown = ctx.run("unit-get", "hostname");
    assertThat(unknown.exitCode()).isEqualTo(2);
    assertThat(unknown.stderr()).isEqualTo("ERROR unknown setting \"hostname\"\n");
    assertThat(ctx.run("unit-get")).isEqualTo(ToolOutcome.failed(2, "no setting specified"));
  }
}
