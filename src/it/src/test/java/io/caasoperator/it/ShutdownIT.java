package io.caasoperator.it;

import static io.caasoperator.it.Expect.LEADER_LIFECYCLE;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** How the operator ends: exit codes and what it leaves on disk. */
class ShutdownIT {

    private static final String APP = "ending";
    private static final String UNIT = APP + "/0";

    @TempDir
    Path tmp;

    @RegisterExtension
    final Operators operators = new Operators();
    private Path dataDir;
    private SpecFile spec;

    @BeforeEach
    void setUp() {
        dataDir = tmp.resolve("data");
        Path charm = TestCharm.named(APP).writeTo(tmp.resolve("charm"));
        spec = SpecFile.at(tmp.resolve("spec/app.yaml"), APP, charm).write();
    }

    @Test
    void removingTheSpecFileEndsTheOperatorWithExitCodeZeroAndKeepsJournalCharmsAndUnitData() {
        OperatorProcess operator = operators.start(spec, dataDir);
        OperatorApi api = operator.awaitListening();
        Expect.hooks(UnitDir.of(dataDir, UNIT), LEADER_LIFECYCLE);
        Expect.idleUnits(api, UNIT);

        spec.delete();

        assertThat(operator.exitCode(OperatorProcess.PATIENCE)).isZero();
        assertThat(dataDir.resolve("journal.mv.db")).isRegularFile();
        assertThat(dataDir.resolve("charms")).isDirectoryContaining(path -> path.toFile().isDirectory());
        assertThat(UnitDir.of(dataDir, UNIT).path().resolve("hooks.log")).isRegularFile();
        assertThat(UnitDir.of(dataDir, UNIT).hooks()).containsExactlyElementsOf(LEADER_LIFECYCLE);
    }

    @Test
    void sigtermWhileIdleEndsTheOperatorWithExitCodeZeroAndRemovesTheListenerFile() {
        OperatorProcess operator = operators.start(spec, dataDir);
        OperatorApi api = operator.awaitListening();
        Expect.hooks(UnitDir.of(dataDir, UNIT), LEADER_LIFECYCLE);
        Expect.idleUnits(api, UNIT);
        assertThat(dataDir.resolve("listener")).isRegularFile();

        operator.terminate();

        assertThat(operator.exitCode(OperatorProcess.PATIENCE)).isZero();
        assertThat(dataDir.resolve("listener")).doesNotExist();
        assertThat(dataDir.resolve("journal.mv.db")).isRegularFile();
    }
}
