package io.caasoperator.it;

import static io.caasoperator.it.Expect.FOLLOWER_LIFECYCLE;
import static io.caasoperator.it.Expect.LEADER_LIFECYCLE;
import static io.caasoperator.it.Expect.then;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Units scaled down and up again while their {@code stop} hook still runs: they finish dying
 * ({@code stop}, {@code remove}, directory deleted), then, being wanted again, come back as new
 * units that run their whole lifecycle, {@code web-pebble-ready} included, and can be scaled down
 * again like any other.
 */
class RevivedUnitIT {

  private static final String APP = "revived";

  @RegisterExtension final Operators operators = new Operators();

  @Test
  void unitsScaledDownAndUpWhileStopRunsComeBackWithTheirWholeLifecycle() {
    Path charm = TestCharm.named(APP).blocking("stop").writeTo(operators.tmp().resolve("charm"));
    SpecFile spec = operators.spec(APP, charm).withScale(3).write();
    OperatorProcess operator = operators.start(spec);
    OperatorApi api = operator.awaitListening();
    UnitDir leader = UnitDir.of(operators.dataDir(), APP + "/0");
    List<UnitDir> doomed =
        List.of(
            UnitDir.of(operators.dataDir(), APP + "/1"),
            UnitDir.of(operators.dataDir(), APP + "/2"));
    Expect.hooks(leader, LEADER_LIFECYCLE);
    doomed.forEach(unit -> Expect.hooks(unit, FOLLOWER_LIFECYCLE));

    spec.withScale(1).write();
    doomed.forEach(unit -> Expect.hooks(unit, then(FOLLOWER_LIFECYCLE, "stop"))); // and stop holds
    spec.withScale(3).write();
    doomed.forEach(unit -> unit.release("stop"));

    // Each comes back in a new directory: its hooks.log starts again.
    doomed.forEach(unit -> Expect.hooks(unit, FOLLOWER_LIFECYCLE));
    Expect.idleUnits(api, APP + "/0", APP + "/1", APP + "/2");
    Expect.hooks(leader, LEADER_LIFECYCLE);
    assertThat(operator.linesMatching("unit " + APP + "/[12] removed")).hasSize(2);

    spec.withScale(1).write();
    doomed.forEach(unit -> Expect.hooks(unit, then(FOLLOWER_LIFECYCLE, "stop")));
    doomed.forEach(unit -> unit.release("stop"));
    Expect.idleUnits(api, APP + "/0");
    await("the directories of the units scaled down again to be deleted")
        .atMost(OperatorProcess.PATIENCE)
        .pollInterval(Duration.ofMillis(100))
        .until(() -> doomed.stream().noneMatch(UnitDir::exists));
    assertThat(operator.linesMatching("unit " + APP + "/[12] removed")).hasSize(4);
    assertThat(operator.isAlive()).isTrue();
  }
}
