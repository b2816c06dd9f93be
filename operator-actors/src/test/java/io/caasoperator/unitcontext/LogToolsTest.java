package io.caasoperator.unitcontext;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.hooktool.TestContext;
import io.caasoperator.hooktool.ToolEffect;
import io.caasoperator.hooktool.ToolOutcome;
import java.util.List;
import org.junit.jupiter.api.Test;

class LogToolsTest {

  private final TestContext ctx = TestContext.follower();

  @Test
  void jujuLogJoinsItsArgumentsAtInfoByDefault() {
    assertThat(ctx.run("juju-log", "hello", "world"))
        .isEqualTo(ToolOutcome.applied(List.of(new ToolEffect.Logged("INFO", "hello world"))));
  }

  @Test
  void jujuLogTakesTheLevelInEverySpelling() {
    assertThat(ctx.run("juju-log", "--log-level", "WARNING", "--", "-starts with a dash").effects())
        .containsExactly(new ToolEffect.Logged("WARNING", "-starts with a dash"));
    assertThat(ctx.run("juju-log", "-l", "error", "x").effects())
        .containsExactly(new ToolEffect.Logged("ERROR", "x"));
    assertThat(ctx.run("juju-log", "--log-level=warn", "x").effects())
        .containsExactly(new ToolEffect.Logged("WARNING", "x"));
    assertThat(ctx.run("juju-log", "--debug", "x").effects())
        .containsExactly(new ToolEffect.Logged("DEBUG", "x"));
  }

  @Test
  void jujuLogWithAnUnknownLevelStillLogsTheMessage() {
    assertThat(ctx.run("juju-log", "-l", "LOUD", "x").effects())
        .containsExactly(
            new ToolEffect.Logged("WARNING", "Specified log level of \"LOUD\" is not valid"),
            new ToolEffect.Logged("INFO", "x"));
  }

  @Test
  void jujuLogWithoutMessageIsAUsageError() {
    assertThat(ctx.run("juju-log")).isEqualTo(ToolOutcome.failed(2, "no message specified"));
  }

  @Test
  void applicationVersionSetRecordsTheVersion() {
    assertThat(ctx.run("application-version-set", "--", "10.6.4").effects())
        .containsExactly(new ToolEffect.WorkloadVersionSet("10.6.4"));
    assertThat(ctx.run("application-version-set").stderr())
        .isEqualTo("ERROR no version specified\n");
    assertThat(ctx.run("application-version-set", "1", "2").exitCode()).isEqualTo(2);
  }
}
