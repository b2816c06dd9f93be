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

    assertThat(outcome.kills())
        .as(
            "kills that happened of %d scheduled (%d skipped: the phases and the config edits"
                + " after them ended before their turn; seed %d)",
            settings.kills(), outcome.killsSkipped(), settings.seed())
        .isEqualTo(settings.kills());
    assertThat(outcome.audit().lostAcknowledgements())
        .as("acknowledged writes missing from the journal")
        .isEmpty();
    assertThat(outcome.audit().completedHooksRunAgain())
        .as("completed hooks that ran again")
        .isEmpty();
    assertThat(outcome.audit().hooksAfterRemove()).as("hooks after remove").isEmpty();
    assertThat(outcome.audit().processesWithoutHookStarted())
        .as("hook processes with no HookStarted")
        .isEmpty();
    assertThat(outcome.audit().hooksStarted()).as("hooks started").isPositive();
  }
}
