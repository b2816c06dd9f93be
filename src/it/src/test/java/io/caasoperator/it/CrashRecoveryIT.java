package io.caasoperator.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** At-least-once hooks across a crash: kill -9 of the operator, then a restart on the same data. */
class CrashRecoveryIT {

  private static final String APP = "crashy";
  private static final String UNIT = APP + "/0";

  @RegisterExtension final Operators operators = new Operators();

  @Test
  void aHookInterruptedByKill9RunsAgainExactlyOnceAfterRestartAndNoCompletedHookRunsAgain() {
    Path charm = TestCharm.named(APP).blocking("start").writeTo(operators.tmp().resolve("charm"));
    SpecFile spec = operators.spec(APP, charm).write();
    UnitDir unit = UnitDir.of(operators.dataDir(), UNIT);

    OperatorProcess first = operators.start(spec);
    OperatorApi api = first.awaitListening();
    Expect.hooks(unit, List.of("install", "leader-elected", "config-changed", "start"));
    Expect.status(
        api,
        UNIT + " running start",
        s -> "start".equals(s.unit(UNIT).path("runningHook").asText()));

    first.kill9();
    OperatorProcess second = operators.start(spec);
    second.awaitListening();

    Expect.hooks(unit, List.of("install", "leader-elected", "config-changed", "start", "start"));
    unit.release("start");

    Expect.hooks(
        unit,
        List.of(
            "install", "leader-elected", "config-changed", "start", "start", "web-pebble-ready"));
    Status status = Expect.idleUnits(api, UNIT);
    assertThat(status.unit(UNIT).path("lastHook").asText()).isEqualTo("web-pebble-ready");
    assertThat(second.linesMatching("hook \\S+ started"))
        .as("hooks the restarted operator ran")
        .hasSize(2)
        .anyMatch(line -> line.contains("unit " + UNIT + " hook start started"))
        .anyMatch(line -> line.contains("unit " + UNIT + " hook web-pebble-ready started"));
  }

  @Test
  void restartingAfterKill9WhileIdleRunsOnlyPebbleReadyAgainAndKeepsTheLeader() {
    Path charm = TestCharm.named(APP).writeTo(operators.tmp().resolve("charm"));
    SpecFile spec = operators.spec(APP, charm).withScale(2).write();
    UnitDir leader = UnitDir.of(operators.dataDir(), APP + "/0");
    UnitDir follower = UnitDir.of(operators.dataDir(), APP + "/1");

    OperatorProcess first = operators.start(spec);
    OperatorApi api = first.awaitListening();
    Expect.hooks(leader, Expect.LEADER_LIFECYCLE);
    Expect.hooks(follower, Expect.FOLLOWER_LIFECYCLE);
    Expect.idleUnits(api, APP + "/0", APP + "/1");

    first.kill9();
    OperatorProcess second = operators.start(spec);
    second.awaitListening();

    // Each container's Pebble is a new one (a new boot id; the services a killed operator left
    // were stopped), so web-pebble-ready runs once more, as Juju runs it when Pebble restarts,
    // and the charm replans; nothing else runs again.
    Expect.hooks(leader, Expect.then(Expect.LEADER_LIFECYCLE, "web-pebble-ready"));
    Expect.hooks(follower, Expect.then(Expect.FOLLOWER_LIFECYCLE, "web-pebble-ready"));
    Status status = Expect.idleUnits(api, APP + "/0", APP + "/1");
    assertThat(status.leader()).isEqualTo(APP + "/0");
    assertThat(second.linesMatching("hook \\S+ started"))
        .as("hooks the restarted operator ran")
        .hasSize(2)
        .allMatch(line -> line.contains("hook web-pebble-ready started"));
  }
}
