package io.caasoperator.it;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * "No completed hook runs again; a crash loses nothing", tested by killing the real operator with
 * SIGKILL at seeded moments, most of them within milliseconds after it logged a hook's completion,
 * during a lifecycle, a config edit, a charm upgrade and a scale down and up ({@link ChaosRun}).
 * The longer randomized run the README describes is this test with {@code -Dchaos.units=100
 * -Dchaos.kills=20 -Dchaos.seed=$RANDOM}.
 */
class CrashSafetyIT {

  @RegisterExtension final Operators operators = new Operators();

  @Test
  void killedRightAfterAcknowledgementsTheOperatorLosesNothingAndRunsNoCompletedHookAgain()
      throws Exception {
    ChaosRun.Outcome outcome =
        new ChaosRun(operators, ChaosRun.Settings.fromSystemProperties(5, 8, 20261123L)).run();
    System.out.println(outcome);

    assertThat(outcome.kills()).as("kills that happened").isPositive();
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
