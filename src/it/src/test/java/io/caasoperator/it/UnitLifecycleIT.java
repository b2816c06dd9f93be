package io.caasoperator.it;

import static io.caasoperator.it.Expect.FOLLOWER_LIFECYCLE;
import static io.caasoperator.it.Expect.LEADER_LIFECYCLE;
import static io.caasoperator.it.Expect.then;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** A running operator drives its units through deploy, config and charm changes and scale-down. */
class UnitLifecycleIT {

  private static final String APP = "lifecycle";

  @RegisterExtension final Operators operators = new Operators();
  private SpecFile spec;

  @BeforeEach
  void setUp() {
    spec = operators.testCharmSpec(APP).withScale(3).withConfig(Map.of("greeting", "hello"));
  }

  @Test
  void threeNewUnitsEachRunTheirLifecycleOnceAndTheLowestOrdinalLeads() throws Exception {
    OperatorProcess operator = operators.start(spec.write());
    OperatorApi api = operator.awaitListening();

    Expect.hooks(unit(0), LEADER_LIFECYCLE);
    Expect.hooks(unit(1), FOLLOWER_LIFECYCLE);
    Expect.hooks(unit(2), FOLLOWER_LIFECYCLE);
    Status status = Expect.idleUnits(api, APP + "/0", APP + "/1", APP + "/2");
    assertThat(status.leader()).isEqualTo(APP + "/0");
    assertThat(status.unit(APP + "/0").path("leader").asBoolean()).isTrue();
    assertThat(status.unit(APP + "/1").path("leader").asBoolean()).isFalse();
    assertThat(status.unit(APP + "/2").path("leader").asBoolean()).isFalse();
    assertThat(status.application()).isEqualTo("active");
    assertThat(api.metrics())
        .contains("caas_hooks_total{hook=\"install\",outcome=\"completed\"} 3.0")
        .contains("caas_hooks_total{hook=\"leader-elected\",outcome=\"completed\"} 1.0")
        .contains("caas_hooks_running 0")
        .contains("caas_journal_available 1.0")
        .containsPattern("caas_journal_transactions_total \\d")
        .contains("jvm_memory_used_bytes");
    // the listener is up before any unit runs a hook (hook tools call it; start-up work
    // does not compete with the first hooks)
    List<String> lines = operator.lines();
    int listening = indexOfFirst(lines, "listening on");
    int firstHook = indexOfFirst(lines, "hook install started");
    assertThat(listening).as("the operator logged that it listens").isNotNegative();
    assertThat(firstHook).as("a hook started").isNotNegative();
    assertThat(listening)
        .as("listening logged before the first hook started")
        .isLessThan(firstHook);
  }

  private static int indexOfFirst(List<String> lines, String text) {
    for (int i = 0; i < lines.size(); i++) if (lines.get(i).contains(text)) return i;
    return -1;
  }

  @Test
  void editingTheConfigRunsConfigChangedExactlyOnceMoreOnEveryUnit() {
    OperatorApi api = operators.start(spec.write()).awaitListening();
    awaitDeployed(api);
    long configGeneration = Expect.status(api, "answers", s -> true).configGeneration();

    spec.withConfig(Map.of("greeting", "bonjour", "port", 9090)).write();

    Expect.hooks(unit(0), then(LEADER_LIFECYCLE, "config-changed"));
    Expect.hooks(unit(1), then(FOLLOWER_LIFECYCLE, "config-changed"));
    Expect.hooks(unit(2), then(FOLLOWER_LIFECYCLE, "config-changed"));
    Status status = Expect.idleUnits(api, APP + "/0", APP + "/1", APP + "/2");
    assertThat(status.configGeneration()).isEqualTo(configGeneration + 1);
  }

  @Test
  void bumpingTheModifiedVersionOfAChangedCharmRunsUpgradeCharmThenConfigChangedOnEveryUnit() {
    OperatorApi api = operators.start(spec.write()).awaitListening();
    awaitDeployed(api);
    assertThat(Expect.status(api, "answers", s -> true).charmGeneration()).isEqualTo(1);

    TestCharm.named(APP).revision("2").writeTo(spec.charm());
    spec.withModifiedVersion(1).write();

    Expect.hooks(unit(0), then(LEADER_LIFECYCLE, "upgrade-charm", "config-changed"));
    Expect.hooks(unit(1), then(FOLLOWER_LIFECYCLE, "upgrade-charm", "config-changed"));
    Expect.hooks(unit(2), then(FOLLOWER_LIFECYCLE, "upgrade-charm", "config-changed"));
    Status status =
        Expect.status(
            api,
            "charm generation 2 on every idle unit",
            s ->
                s.charmGeneration() == 2
                    && s.allUnitsIdle()
                    && s.unitNames().stream()
                        .allMatch(u -> s.unit(u).path("charmGeneration").asLong() == 2));
    assertThat(status.json().path("charm").path("modifiedVersion").asInt()).isEqualTo(1);
    assertThat(status.application()).isEqualTo("active");
  }

  @Test
  void scalingFromThreeToOneStopsAndRemovesTheTwoHighestUnitsAndDeletesTheirDirectories() {
    OperatorProcess operator = operators.start(spec.write());
    OperatorApi api = operator.awaitListening();
    awaitDeployed(api);

    spec.withScale(1).write();

    Expect.idleUnits(api, APP + "/0");
    await("directories of the removed units to be deleted")
        .atMost(OperatorProcess.PATIENCE)
        .until(() -> !unit(1).exists() && !unit(2).exists());
    for (String removed : List.of(APP + "/1", APP + "/2")) {
      // Their hooks.log went with their directories: the operator's log is the evidence.
      String stopCompleted = operator.awaitLog("unit " + removed + " hook stop completed");
      String removeCompleted = operator.awaitLog("unit " + removed + " hook remove completed");
      List<String> lines = operator.lines();
      assertThat(lines.indexOf(stopCompleted))
          .as("%s: stop completes before remove starts", removed)
          .isLessThan(
              lines.indexOf(
                  operator.linesMatching("unit " + removed + " hook remove started").get(0)));
      assertThat(lines.indexOf(removeCompleted)).isPositive();
      assertThat(operator.linesMatching("unit " + removed + " hook (stop|remove) started"))
          .as("%s runs stop and remove once each", removed)
          .hasSize(2);
    }
    Expect.hooks(unit(0), LEADER_LIFECYCLE);
  }

  private void awaitDeployed(OperatorApi api) {
    Expect.hooks(unit(0), LEADER_LIFECYCLE);
    Expect.hooks(unit(1), FOLLOWER_LIFECYCLE);
    Expect.hooks(unit(2), FOLLOWER_LIFECYCLE);
    Expect.idleUnits(api, APP + "/0", APP + "/1", APP + "/2");
  }

  private UnitDir unit(int ordinal) {
    return UnitDir.of(operators.dataDir(), APP + "/" + ordinal);
  }
}
