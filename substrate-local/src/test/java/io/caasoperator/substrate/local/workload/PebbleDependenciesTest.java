package io.caasoperator.substrate.local.workload;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class PebbleDependenciesTest {
  @Test
  void everyMissingDependencyIsNamedInOneError() {
    assertThatThrownBy(() -> new PebbleDependencies(null, null, null, null, null, null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "Pebble dependencies: Pebble opener is missing; open Pebbles are missing; blocking"
                + " executor is missing; clock is missing; socket directory is missing; reopen"
                + " retry policy is missing");
  }
}
