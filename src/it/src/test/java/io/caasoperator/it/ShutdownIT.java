package io.caasoperator.it;

import static io.caasoperator.it.Expect.LEADER_LIFECYCLE;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** How the operator ends: exit codes and what it leaves on disk. */
class ShutdownIT {

  private static final String APP = "ending";
  private static final String UNIT = APP + "/0";

  @RegisterExtension final Operators operators = new Operators();
  private SpecFile spec;

  @BeforeEach
  void setUp() {
    spec = operators.testCharmSpec(APP).write();
  }

  /** An operator on the spec whose unit ran its start-up hooks and is idle. */
  private OperatorProcess settled() {
    OperatorProcess operator = operators.start(spec);
    OperatorApi api = operator.awaitListening();
    Expect.hooks(UnitDir.of(operators.dataDir(), UNIT), LEADER_LIFECYCLE);
    Expect.idleUnits(api, UNIT);
    return operator;
  }

  @Test
  void removingTheSpecFileEndsTheOperatorWithExitCodeZeroAndKeepsJournalCharmsAndUnitData() {
    OperatorProcess operator = settled();

    spec.delete();

    assertThat(operator.exitCode(OperatorProcess.PATIENCE)).isZero();
    assertThat(operators.dataDir().resolve("journal.mv.db")).isRegularFile();
    assertThat(operators.dataDir().resolve("charms"))
        .isDirectoryContaining(path -> path.toFile().isDirectory());
    assertThat(UnitDir.of(operators.dataDir(), UNIT).path().resolve("hooks.log")).isRegularFile();
    assertThat(UnitDir.of(operators.dataDir(), UNIT).hooks())
        .containsExactlyElementsOf(LEADER_LIFECYCLE);
  }

  @Test
  void sigtermWhileIdleEndsTheOperatorWithExitCodeZeroAndRemovesTheListenerFile() {
    OperatorProcess operator = settled();
    assertThat(operators.dataDir().resolve("listener")).isRegularFile();

    operator.terminate();

    assertThat(operator.exitCode(OperatorProcess.PATIENCE)).isZero();
    assertThat(operators.dataDir().resolve("listener")).doesNotExist();
    assertThat(operators.dataDir().resolve("journal.mv.db")).isRegularFile();
  }
}
