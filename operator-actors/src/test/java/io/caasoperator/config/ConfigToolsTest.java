package io.caasoperator.config;

import static io.caasoperator.hooktool.TestContext.map;
import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.hooktool.TestContext;
import io.caasoperator.hooktool.ToolOutcome;
import org.junit.jupiter.api.Test;

class ConfigToolsTest {

  private final TestContext ctx =
      TestContext.follower()
          .withConfig(
              map(
                  "name", "db1", "port", 3306, "ratio", 0.5, "debug", false, "comment", null,
                  "motd", "a\nb"));

  @Test
  void oneKeyPrintsItsValueBare() {
    assertThat(ctx.run("config-get", "name").stdout()).isEqualTo("db1\n");
    assertThat(ctx.run("config-get", "port").stdout()).isEqualTo("3306\n");
    assertThat(ctx.run("config-get", "debug").stdout()).isEqualTo("False\n");
    assertThat(ctx.run("config-get", "port", "--format=json").stdout()).isEqualTo("3306\n");
    assertThat(ctx.run("config-get", "name", "--format", "json").stdout()).isEqualTo("\"db1\"\n");
  }

  @Test
  void aMissingKeyPrintsNothingAndSucceeds() {
    ToolOutcome outcome = ctx.run("config-get", "nope");

    assertThat(outcome).isEqualTo(ToolOutcome.printed(""));
    assertThat(ctx.run("config-get", "nope", "--format=json").stdout()).isEqualTo("null\n");
  }

  @Test
  void noKeyPrintsTheMapWithoutUnsetOptions() {
    assertThat(ctx.run("config-get", "--format=json").stdout())
        .isEqualTo(
            "{\"debug\":false,\"motd\":\"a\\nb\",\"name\":\"db1\",\"port\":3306,\"ratio\":0.5}\n");
    assertThat(ctx.run("config-get").stdout())
        .isEqualTo("debug: false\nmotd: |-\n  a\n  b\nname: db1\nport: 3306\nratio: 0.5\n");
  }

  @Test
  void allIncludesOptionsWithoutValues() {
    assertThat(ctx.run("config-get", "--all", "--format=json").stdout())
        .contains("\"comment\":null");
    assertThat(ctx.run("config-get", "-a", "--format=json").stdout()).contains("\"comment\":null");
  }

  @Test
  void allTogetherWithAKeyIsAUsageError() {
    ToolOutcome outcome = ctx.run("config-get", "--all", "name");

    assertThat(outcome.exitCode()).isEqualTo(2);
    assertThat(outcome.stderr())
        .isEqualTo("ERROR cannot use argument --all together with key \"name\"\n");
  }

  @Test
  void stringsThatLookLikeOtherTypesStayStringsInYaml() {
    TestContext tricky = TestContext.follower().withConfig(map("version", "10", "flag", "true"));

    assertThat(tricky.run("config-get").stdout()).isEqualTo("flag: \"true\"\nversion: \"10\"\n");
  }
}
