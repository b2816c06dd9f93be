package io.caasoperator.it;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * "No completed hook runs again; a crash loses nothing", tested by killing the real operator with
 * SIGKILL at seeded moments, most of them within milliseconds after it logged a hook's completion,
 * during a lifecycle, a config edit, a charm upgrade and a scale down and up, with a Pebble per
 * container whose service must run again after each phase ({@link ChaosRun}). The longer randomized
 * run is this test with {@code CAAS_CHAOS_UNITS=100 CAAS_CHAOS_KILLS=20 CAAS_CHAOS_SEED=random} in
 * the environment; the seed is printed first.
 *
 * <p>The same, for a model of two related applications ({@link ModelChaosRun}): no relation hook
 * runs for a remote unit that departed or a relation that was broken, and every unit leaves every
 * relation it entered exactly once.
 */
class CrashSafetyIT {

  @RegisterExtension final Operators operators = new Operators();

  @Test
  void killedRightAfterAcknowledgementsTheOperatorLosesNothingAndRunsNoCompletedHookAgain()
      throws Exception {
    Prerequisite.require(Prerequisite.bubblewrap(), Prerequisite.BUBBLEWRAP);
    ChaosRun.Settings settings = ChaosRun.Settings.fromEnvironment(5, 8, 20261123L);
    // said first, so that a run that fails or hangs can be repeated
    System.out.println("chaos run, seed " + settings.seed() + "; again: " + settings.rerun());
    ChaosRun.Outcome outcome = new ChaosRun(operators, settings).run();
    System.out.println(outcome);

    assertChaosClean(settings, outcome.kills(), outcome.killsSkipped(), outcome.audit());
    assertThat(outcome.audit().hooksStarted()).as("hooks started").isPositive();
  }

  @Test
  void aModelOfTwoRelatedApplicationsKilledAtSeededMomentsLosesNothingAndRunsNothingForWhatHasGone()
      throws Exception {
    modelRunIsClean(
        "aModelOfTwoRelatedApplicationsKilledAtSeededMomentsLosesNothingAndRunsNothingForWhatHasGone",
        false);
  }

  /**
   * The same run with kills in the client's removal too. A kill after the bundle edit that removes
   * the client, before its units ran {@code remove}, must not leave them: the model's journal has
   * the client dying, so the restarted model operates it again until its last unit is gone (with
   * seed 20261127 this once left client/0 after relation-broken, never stop or remove).
   */
  @Test
  void aModelKilledWhileRemovingAnApplicationStillRemovesItsUnits() throws Exception {
    modelRunIsClean("aModelKilledWhileRemovingAnApplicationStillRemovesItsUnits", true);
  }

  /** Runs {@link ModelChaosRun} (seed printed first) for {@code test}, and checks its audits. */
  private void modelRunIsClean(String test, boolean killedWhileRemoving) throws Exception {
    ChaosRun.Settings settings = ChaosRun.Settings.fromEnvironment(2, 6, 20261127L);
    // said first, so that a run that fails or hangs can be repeated
    System.out.println(
        "model chaos run, seed "
            + settings.seed()
            + "; again: "
            + settings.rerun("CrashSafetyIT#" + test));
    ModelChaosRun.Outcome outcome =
        new ModelChaosRun(operators, settings, killedWhileRemoving).run();
    System.out.println(outcome);
    assertChaosClean(settings, outcome.kills(), outcome.killsSkipped(), outcome.audit());
    assertThat(outcome.model().hooksForGone())
        .as("relation hooks for a remote unit that departed or a relation that was broken")
        .isEmpty();
    assertThat(outcome.model().relationsNotLeft())
        .as("relations a unit entered and did not leave exactly once")
        .isEmpty();
    assertThat(outcome.model().unitsGoneWithoutRemove()).as("units gone without remove").isEmpty();
    assertThat(outcome.model().relationHooks()).as("relation hooks started").isPositive();
  }

  /**
   * Every scheduled kill happened, and the journal lost no acknowledged write, ran no completed
   * hook again, ran no hook after remove and holds a HookStarted for every hook process.
   */
  private static void assertChaosClean(
      ChaosRun.Settings settings, int kills, int killsSkipped, HookAudit.Report audit) {
    assertThat(kills)
        .as(
            "kills that happened of %d scheduled (%d skipped: the phases and the config edits"
                + " after them ended before their turn; seed %d)",
            settings.kills(), killsSkipped, settings.seed())
        .isEqualTo(settings.kills());
    assertThat(audit.lostAcknowledgements())
        .as("acknowledged writes missing from the journal")
        .isEmpty();
    assertThat(audit.completedHooksRunAgain()).as("completed hooks that ran again").isEmpty();
    assertThat(audit.hooksAfterRemove()).as("hooks after remove").isEmpty();
    assertThat(audit.processesWithoutHookStarted())
        .as("hook processes with no HookStarted")
        .isEmpty();
  }
}
