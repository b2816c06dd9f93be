package io.caasoperator.leadership;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.hooktool.TestContext;
import io.caasoperator.hooktool.ToolEffect;
import io.caasoperator.hooktool.ToolOutcome;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LeadershipToolsTest {

  @Test
  void isLeaderPrintsPythonBooleansInSmartAndJsonBooleansInJson() {
    assertThat(TestContext.leader().run("is-leader").stdout()).isEqualTo("True\n");
    assertThat(TestContext.follower().run("is-leader").stdout()).isEqualTo("False\n");
    assertThat(TestContext.leader().run("is-leader", "--format=json").stdout()).isEqualTo("true\n");
    assertThat(TestContext.follower().run("is-leader", "--format", "json").stdout())
        .isEqualTo("false\n");
  }

  @Test
  void leaderGetPrintsOneKeyOrAll() {
    TestContext ctx =
        TestContext.follower().withLeaderSettings(Map.of("password", "s3cret", "host", "db"));

    assertThat(ctx.run("leader-get", "password").stdout()).isEqualTo("s3cret\n");
    assertThat(ctx.run("leader-get", "missing").stdout()).isEmpty();
    assertThat(ctx.run("leader-get").stdout()).isEqualTo("host: db\npassword: s3cret\n");
    assertThat(ctx.run("leader-get", "-", "--format=json").stdout())
        .isEqualTo("{\"host\":\"db\",\"password\":\"s3cret\"}\n");
  }

  @Test
  void leaderSetWritesTheChangesInOneEffectWithEmptyValuesMeaningDelete() {
    ToolOutcome outcome = TestContext.leader().run("leader-set", "password=pw=1", "old=");

    assertThat(outcome.exitCode()).isZero();
    assertThat(outcome.effects())
        .containsExactly(new ToolEffect.LeaderSettingsSet(Map.of("password", "pw=1", "old", "")));
  }

  @Test
  void leaderSetIsRefusedToAFollower() {
    assertThat(TestContext.follower().run("leader-set", "a=b"))
        .isEqualTo(
            ToolOutcome.failed(
                1, "cannot write leadership settings: cannot write settings: not the leader"));
  }

  @Test
  void leaderSetRefusesArgumentsWithoutEquals() {
    ToolOutcome outcome = TestContext.leader().run("leader-set", "novalue");

    assertThat(outcome.exitCode()).isEqualTo(2);
    assertThat(outcome.stderr()).isEqualTo("ERROR expected \"key=value\", got \"novalue\"\n");
  }
}
