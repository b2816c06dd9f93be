package io.caasoperator.unitcontext;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.domain.Life;
import io.caasoperator.domain.Status;
import io.caasoperator.hooktool.TestContext;
import io.caasoperator.hooktool.ToolEffect;
import io.caasoperator.hooktool.ToolOutcome;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StatusToolsTest {

  @Test
  void statusSetRecordsTheWorkloadStatusAtTheCallsTime() {
    ToolOutcome outcome =
        TestContext.follower().run("status-set", "maintenance", "installing packages");

    assertThat(outcome)
        .isEqualTo(
            ToolOutcome.applied(
                List.of(
                    new ToolEffect.WorkloadStatusSet(
                        Status.of("maintenance", "installing packages", TestContext.NOW)))));
  }

  @Test
  void statusSetWithoutMessageClearsTheMessage() {
    assertThat(TestContext.follower().run("status-set", "active").effects())
        .containsExactly(
            new ToolEffect.WorkloadStatusSet(Status.of("active", "", TestContext.NOW)));
  }

  @Test
  void statusSetOfTheApplicationIsForTheLeaderOnly() {
    assertThat(
            TestContext.leader()
                .run("status-set", "--application", "blocked", "need a db")
                .effects())
        .containsExactly(
            new ToolEffect.ApplicationStatusSet(
                Status.of("blocked", "need a db", TestContext.NOW)));

    ToolOutcome refused =
        TestContext.follower().run("status-set", "--application", "blocked", "need a db");
    assertThat(refused).isEqualTo(ToolOutcome.failed(1, "this unit is not the leader"));
  }

  @Test
  void statusSetRefusesStatusesACharmCannotSet() {
    assertThat(TestContext.follower().run("status-set", "error", "boom"))
        .isEqualTo(
            ToolOutcome.failed(
                2,
                "invalid status \"error\", expected one of [maintenance blocked waiting active]"));
  }

  @Test
  void statusSetRefusesMissingAndExtraArguments() {
    assertThat(TestContext.follower().run("status-set").stderr())
        .isEqualTo("ERROR invalid args, require <status> [message]\n");
    ToolOutcome extra = TestContext.follower().run("status-set", "active", "a", "b");
    assertThat(extra.exitCode()).isEqualTo(2);
    assertThat(extra.stderr()).isEqualTo("ERROR unrecognized args: [\"b\"]\n");
  }

  @Test
  void statusGetPrintsTheBareValueByDefault() {
    assertThat(TestContext.follower().run("status-get")).isEqualTo(ToolOutcome.printed("active\n"));
  }

  @Test
  void statusGetWithDataPrintsWhatOpsParses() {
    TestContext ctx =
        TestContext.follower()
            .withUnitStatus(
                Status.of("blocked", "no db", TestContext.SINCE), Map.of("reason", "db"));

    assertThat(ctx.run("status-get", "--format=json", "--include-data").stdout())
        .isEqualTo(
            "{\"message\":\"no db\",\"status\":\"blocked\",\"status-data\":{\"reason\":\"db\"}}\n");
    assertThat(ctx.run("status-get", "--include-data").stdout())
        .isEqualTo("message: no db\nstatus: blocked\nstatus-data:\n  reason: db\n");
    assertThat(ctx.run("status-get", "--format", "json").stdout())
        .isEqualTo("{\"status\":\"blocked\"}\n");
  }

  @Test
  void statusGetOfTheApplicationListsEveryUnit() {
    TestContext ctx =
        TestContext.leader()
            .withUnits(
                List.of(
                    TestContext.peer(0, Life.ALIVE, "active", "ready"),
                    TestContext.peer(1, Life.ALIVE, "waiting", "joining")));

    assertThat(ctx.run("status-get", "--application", "--format=json", "--include-data").stdout())
        .isEqualTo(
            "{\"application-status\":{\"message\":\"\",\"status\":\"active\",\"status-data\":{},\"units\":{"
                + "\"mariadb/0\":{\"message\":\"ready\",\"status\":\"active\",\"status-data\":{}},"
                + "\"mariadb/1\":{\"message\":\"joining\",\"status\":\"waiting\",\"status-data\":{}}}}}\n");
    assertThat(ctx.run("status-get", "--application").stdout()).isEqualTo("active\n");
  }

  @Test
  void statusGetOfTheApplicationIsRefusedToAFollower() {
    assertThat(TestContext.follower().run("status-get", "--application"))
        .isEqualTo(
            ToolOutcome.failed(1, "finding application status: this unit is not the leader"));
  }
}
