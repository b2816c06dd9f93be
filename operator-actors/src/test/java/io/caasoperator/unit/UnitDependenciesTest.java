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
    assertThatThrownBy(
            () ->
                new UnitDependencies(
                    null,
                    null,
                    null,
                    null,
                    null,
                    Duration.ZERO,
                    0,
                    0,
                    null,
                    null,
                    null,
                    null,
                    io.caasoperator.secret.Secrets.NONE))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "unit dependencies: hook executor is missing; agents directory is missing; charms directory is missing; "
                + "hook environment is missing; retry policy is missing; hook timeout must be > 0; hook output limit must be > 0; "
                + "exec output limit must be > 0; hook context registry is missing; clock is missing; pod wait is missing; "
                + "tool views are missing");
  }

  @Test
  void missingSecretsAreNamedToo() {
    UnitDependencies deps =
        TestUnits.dependencies(new ScriptedExecutor(), Path.of("target", "deps"));
    assertThatThrownBy(() -> deps.withSecrets(null))
        .hasMessage("unit dependencies: secrets are missing");
  }

  @Test
  void anotherEnvironmentKeepsTheSecrets() {
    UnitDependencies deps =
        TestUnits.dependencies(new ScriptedExecutor(), Path.of("target", "deps"));
    io.caasoperator.secret.Secrets secrets = new io.caasoperator.secret.Secrets(null, null);
    UnitDependencies with = deps.withSecrets(secrets);
    UnitDependencies moved =
        with.withEnvironment(
            deps.environment().withModelUuid("5f1c6a0e-8d3b-4c7e-9a41-2b6f0d9e3c12"));
    assertThat(moved.secrets()).isSameAs(secrets);
  }

  @Test
  void withoutAPodWaitTheDefaultApplies() {
    UnitDependencies deps =
        TestUnits.dependencies(new ScriptedExecutor(), Path.of("target", "deps"));
    assertThat(deps.podWait()).isEqualTo(PodWait.DEFAULT);
  }
}
