package io.caasoperator.action;

import static io.caasoperator.hooktool.TestContext.map;
import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.hooktool.TestContext;
import io.caasoperator.hooktool.ToolEffect;
import io.caasoperator.hooktool.ToolOutcome;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ActionToolsTest {

  private final TestContext action =
      TestContext.follower()
          .withAction("backup", map("target", "s3", "retries", 3, "opts", map("compress", true)));

  @Test
  void actionGetPrintsAllParamsOrOneDottedKey() {
    assertThat(action.run("action-get", "--format=json").stdout())
        .isEqualTo("{\"opts\":{\"compress\":true},\"retries\":3,\"target\":\"s3\"}\n");
    assertThat(action.run("action-get", "target").stdout()).isEqualTo("s3\n");
    assertThat(action.run("action-get", "opts.compress").stdout()).isEqualTo("True\n");
    assertThat(action.run("action-get", "opts.missing").stdout()).isEmpty();
  }

  @Test
  void actionSetNestsDottedKeys() {
    ToolOutcome outcome =
        action.run("action-set", "outfile.size=10G", "foo.bar=2", "foo.baz.val=3", "plain=a=b");

    assertThat(outcome.effects())
        .containsExactly(
            new ToolEffect.ActionResultSet(
                Map.of(
                    "outfile", Map.of("size", "10G"),
                    "foo", Map.of("bar", "2", "baz", Map.of("val", "3")),
                    "plain", "a=b")));
  }

  @Test
  void actionSetRefusesBadAndReservedKeys() {
    assertThat(action.run("action-set", "Bad=1").stderr())
        .isEqualTo(
            "ERROR key \"Bad\" must start and end with"
                + " lowercase alphanumeric, and contain only lowercase alphanumeric, hyphens and periods\n");
    assertThat(action.run("action-set", "stdout=x").stderr())
        .isEqualTo("ERROR cannot set reserved action key \"stdout\"\n");
    assertThat(action.run("action-set", "novalue").stderr())
        .isEqualTo("ERROR argument \"novalue\" must be of the form key...=value\n");
  }

  @Test
  void actionLogAndFailRecordTheirMessages() {
    assertThat(action.run("action-log", "50%", "done").effects())
        .containsExactly(new ToolEffect.ActionLogged("50% done"));
    assertThat(action.run("action-fail", "disk full").effects())
        .containsExactly(new ToolEffect.ActionFailed("disk full"));
    assertThat(action.run("action-fail").effects())
        .containsExactly(
            new ToolEffect.ActionFailed(
                "action failed without reason given, check action for errors"));
  }

  @Test
  void actionToolsOutsideAnActionFail() {
    TestContext hook = TestContext.follower();
    ToolOutcome notInAction = ToolOutcome.failed(1, "not running an action");

    assertThat(hook.run("action-get")).isEqualTo(notInAction);
    assertThat(hook.run("action-set", "a=1")).isEqualTo(notInAction);
    assertThat(hook.run("action-log", "x")).isEqualTo(notInAction);
    assertThat(hook.run("action-fail", "x")).isEqualTo(notInAction);
  }
}
