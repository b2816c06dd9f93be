package io.caasoperator.pebble.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class GoDurationTest {
  /** Go's syntax on the left, the duration it means as ISO-8601 on the right. */
  @ParameterizedTest
  @CsvSource({
    "1h2m3.5s, PT1H2M3.5S",
    "500ms,    PT0.5S",
    "0,        PT0S",
    "30.000s,  PT30S",
    "1.5us,    PT0.0000015S"
  })
  void parsesGoSyntax(String go, Duration meant) {
    assertThat(GoDuration.parse(go)).isEqualTo(meant);
  }

  @Test
  void refusesWhatGoRefuses() {
    assertThatThrownBy(() -> GoDuration.parse("5")).hasMessageContaining("missing unit");
    assertThatThrownBy(() -> GoDuration.parse("5d")).hasMessageContaining("unknown unit \"d\"");
    assertThatThrownBy(() -> GoDuration.parse("")).hasMessage("invalid duration \"\"");
    assertThatThrownBy(() -> GoDuration.parse("1..2s")).hasMessageContaining("invalid duration");
  }

  @Test
  void formatsAsGoDoes() {
    assertThat(GoDuration.format(Duration.ZERO)).isEqualTo("0s");
    assertThat(GoDuration.format(Duration.ofMillis(500))).isEqualTo("500ms");
    assertThat(GoDuration.format(Duration.ofMillis(1500))).isEqualTo("1.5s");
    assertThat(GoDuration.format(Duration.ofMinutes(5))).isEqualTo("5m0s");
    assertThat(GoDuration.format(Duration.ofHours(1))).isEqualTo("1h0m0s");
    assertThat(GoDuration.format(Duration.ofDays(7))).isEqualTo("168h0m0s");
  }
}
