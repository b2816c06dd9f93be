package io.caasoperator.unit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.caasoperator.testing.ScriptedExecutor;
import io.caasoperator.testing.TestUnits;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class UnitDependenciesTest {

  @Test
  void everyMissingOrInvalidDependencyIsNamedInOneError() {
    assertThatThrownBy(() -> new UnitDependencies(null, null, null, null, null, Duration.ZERO, 0, 0, null, null, null, null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("unit dependencies: hook executor is missing; agents directory is missing; charms directory is missing; "
            + "hook environment is missing; retry policy is missing; hook timeout must be > 0; hook output limit must be > 0; "
            + "exec output limit must be > 0; hook context registry is missing; clock is missing; pod wait is missing; "
            + "tool views are missing");
  }

  @Test
  void withoutAPodWaitTheDefaultApplies() {
    UnitDependencies deps = TestUnits.dependencies(new ScriptedExecutor(), Path.of("target", "deps"));
    assertThat(deps.podWait()).isEqualTo(PodWait.DEFAULT);
  }
}
