package io.caasoperator.substrate.local.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class ContainerLayoutTest {
  @Test
  void theSocketIsInItsShortDirectoryTheUnitLinksToAndTheRootIsInTheUnitDirectory() {
    ContainerLayout layout =
        new ContainerLayout(Path.of("/d/agents/unit-web-0"), "workload", Path.of("/s/0123"));
    assertThat(layout.socket()).isEqualTo(Path.of("/s/0123/pebble.socket"));
    assertThat(layout.link()).isEqualTo(Path.of("/d/agents/unit-web-0/containers/workload"));
    assertThat(layout.root()).isEqualTo(Path.of("/d/agents/unit-web-0/container-roots/workload"));
  }

  @Test
  void aContainerNameCannotLeaveTheUnitDirectory() {
    assertThatThrownBy(() -> new ContainerLayout(Path.of("/d"), "../x", Path.of("/s")))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
