package io.caasoperator.pebble;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class PebbleOptionsTest {

  @Test
  void everyMissingPieceIsNamedInOneErrorInTheOrderOfTheOptions() {
    assertThatThrownBy(
            () -> new PebbleOptions(null, null, null, null, null, null, null, null, null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "invalid Pebble options: socketPath is missing; paths is missing; clock is missing;"
                + " listener is missing; timers is missing; launcher is missing; users is missing;"
                + " environment is missing; version is missing");
  }

  @Test
  void aRelativeSocketPathIsRefusedAndABlankVersionIsMissing() {
    assertThatThrownBy(
            () ->
                new PebbleOptions(
                    Path.of("pebble.socket"), null, null, null, null, null, null, null, " "))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "invalid Pebble options: socketPath must be absolute, not \"pebble.socket\"; paths is"
                + " missing; clock is missing; listener is missing; timers is missing; launcher is"
                + " missing; users is missing; environment is missing; version is missing");
  }
}
