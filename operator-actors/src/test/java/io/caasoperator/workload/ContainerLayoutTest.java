package io.caasoperator.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class ContainerLayoutTest {
  @Test
  void theSocketDirectoryHoldsOnlyTheSocketAndTheRootIsApart() {
    ContainerLayout layout = new ContainerLayout(Path.of("/d/agents/unit-web-0"), "workload");
    assertThat(layout.socket())
        .isEqualTo(Path.of("/d/agents/unit-web-0/containers/workload/pebble.socket"));
    assertThat(layout.root()).isEqualTo(Path.of("/d/agents/unit-web-0/container-roots/workload"));
    assertThat(layout.socketProblem()).isEmpty();
  }

  @Test
  void aSocketPathTooLongForTheKernelIsNamedWithItsFix() {
    ContainerLayout deep =
        new ContainerLayout(Path.of("/" + "d".repeat(90) + "/unit-web-0"), "workload");
    assertThat(deep.socketProblem())
        .get()
        .asString()
        .contains("more than the 107")
        .contains("--data-dir");
  }

  @Test
  void aContainerNameCannotLeaveTheUnitDirectory() {
    assertThatThrownBy(() -> new ContainerLayout(Path.of("/d"), "../x"))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
