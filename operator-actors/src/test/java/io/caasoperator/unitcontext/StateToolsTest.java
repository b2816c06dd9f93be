package io.caasoperator.unitcontext;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.hooktool.TestContext;
import io.caasoperator.hooktool.ToolEffect;
import io.caasoperator.hooktool.ToolOutcome;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StateToolsTest {

  private final TestContext ctx =
      TestContext.follower().withCharmState(Map.of("#notices#", "[]\n", "k", "v"));

  @Test
  void stateGetPrintsOneValueBareAndNothingForAMissingKey() {
    assertThat(ctx.run("state-get", "k").stdout()).isEqualTo("v\n");
    // Juju's smart format adds a newline even after one the value ends with; ops' yaml.load ignores
    // it.
    assertThat(ctx.run("state-get", "#notices#").stdout()).isEqualTo("[]\n\n");
    assertThat(ctx.run("state-get", "missing")).isEqualTo(ToolOutcome.printed(""));
  }

  @Test
  void stateGetStrictRefusesAMissingKey() {
    assertThat(ctx.run("state-get", "--strict", "missing"))
        .isEqualTo(ToolOutcome.failed(1, "\"missing\" not found"));
  }

  @Test
  void stateGetWithoutKeyPrintsTheMap() {
    assertThat(ctx.run("state-get", "--format=json").stdout())
        .isEqualTo("{\"#notices#\":\"[]\\n\",\"k\":\"v\"}\n");
  }

  @Test
  void stateSetTakesKeyValueArguments() {
    assertThat(ctx.run("state-set", "a=1", "b=x=y").effects())
        .containsExactly(
            new ToolEffect.CharmStateSet("a", "1"), new ToolEffect.CharmStateSet("b", "x=y"));
  }

  @Test
  void stateSetReadsAYamlMapFromStdinAsOpsSendsIt() {
    // What ops' _JujuStorageBackend.set writes: yaml.dump({key: encoded}, default_style='|').
    String stdin = "\"StoredStateData[_stored]\": |\n  {event_count: 1}\n";

    assertThat(ctx.runWithStdin(stdin, "state-set", "--file", "-").effects())
        .containsExactly(
            new ToolEffect.CharmStateSet("StoredStateData[_stored]", "{event_count: 1}\n"));
  }

  @Test
  void stateSetArgumentsOverrideTheFile() {
    assertThat(ctx.runWithStdin("{a: 1, b: 2}", "state-set", "--file=-", "b=3").effects())
        .containsExactly(
            new ToolEffect.CharmStateSet("a", "1"), new ToolEffect.CharmStateSet("b", "3"));
  }

  @Test
  void stateSetRefusesAFilePathAndContentThatIsNotAMap() {
    assertThat(ctx.run("state-set", "--file", "/tmp/x.yaml").stderr())
        .isEqualTo(
            "ERROR cannot read \"/tmp/x.yaml\": send the file's content as standard input with --file -\n");
    assertThat(ctx.runWithStdin("- a\n- b\n", "state-set", "--file", "-").stderr())
        .isEqualTo("ERROR cannot parse state values: expected a map of keys to values\n");
  }

  @Test
  void stateDeleteRemovesOneKey() {
    assertThat(ctx.run("state-delete", "k").effects())
        .containsExactly(new ToolEffect.CharmStateDeleted("k"));
    assertThat(ctx.run("state-delete")).isEqualTo(ToolOutcome.failed(2, "no key specified"));
  }
}
