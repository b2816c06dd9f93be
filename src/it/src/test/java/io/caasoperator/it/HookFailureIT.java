package io.caasoperator.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** A hook that fails blocks its unit, is retried, and recovers once a fixed charm is deployed. */
class HookFailureIT {

  private static final String APP = "failing";
  private static final String UNIT = APP + "/0";

  @RegisterExtension final Operators operators = new Operators();

  @Test
  void
      aFailingConfigChangedHoldsBackLaterHooksUntilAFixedCharmIsDeployedThenTheUnitCompletesItsLifecycle() {
    Path broken =
        TestCharm.named(APP).failing("config-changed").writeTo(operators.tmp().resolve("charm-v1"));
    SpecFile spec = operators.spec(APP, broken).write();
    OperatorApi api = operators.start(spec).awaitListening();
    UnitDir unit = UnitDir.of(operators.dataDir(), UNIT);

    Status failed =
        Expect.status(
            api,
            UNIT + " in error on config-changed",
            s -> s.unitNames().contains(UNIT) && "error".equals(s.workload(UNIT)));
    assertThat(failed.workloadMessage(UNIT)).isEqualTo("hook failed: \"config-changed\"");
    JsonNode view = failed.unit(UNIT);
    assertThat(view.path("agentStatus").path("value").asText()).isEqualTo("error");
    assertThat(view.path("failedHook").asText()).isEqualTo("config-changed");

    // The automatic retry (after 5 s) fails again, and start still waits.
    Expect.status(
        api,
        UNIT + " retried config-changed",
        s -> s.unit(UNIT).path("failedAttempts").asInt() >= 2);
    assertThat(unit.hooks())
        .startsWith("install", "leader-elected", "config-changed", "config-changed")
        .containsOnly("install", "leader-elected", "config-changed");

    Path fixed = TestCharm.named(APP).writeTo(operators.tmp().resolve("charm-v2"));
    spec.withCharm(fixed).write();

    // The agent is idle for a moment between queued hooks: wait for the last hook, then settle.
    await("the unit's last lifecycle hook on the fixed charm")
        .atMost(OperatorProcess.PATIENCE)
        .until(() -> unit.hooks().contains("web-pebble-ready"));
    Expect.hooks(unit, unit.hooks());
    Status recovered =
        Expect.status(
            api,
            UNIT + " idle on the fixed charm",
            s -> s.allUnitsIdle() && s.unit(UNIT).path("charmGeneration").asLong() == 2);
    assertThat(recovered.unit(UNIT).path("failedHook").isNull()).isTrue();
    assertThat(recovered.workload(UNIT)).isNotEqualTo("error");
    List<String> hooks = unit.hooks();
    assertThat(hooks.subList(0, 2)).containsExactly("install", "leader-elected");
    List<String> attempts =
        hooks.subList(2, hooks.size()).stream().takeWhile("config-changed"::equals).toList();
    assertThat(attempts)
        .as("config-changed: failed at least twice on v1, then passed on v2 (log: %s)", hooks)
        .hasSizeGreaterThanOrEqualTo(3);
    assertThat(hooks.subList(2 + attempts.size(), hooks.size()))
        .as(
            "after the retried config-changed, the charm change and the rest of the lifecycle (log: %s)",
            hooks)
        .containsExactly("upgrade-charm", "config-changed", "start", "web-pebble-ready");
  }
}
