package io.caasoperator.pebble.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class GoDurationTest {
  @Test
  void parsesGoSyntax() {
    assertThat(GoDuration.parse("1h2m3.5s"))
        .isEqualTo(Duration.ofHours(1).plusMinutes(2).plusMillis(3500));
    assertThat(GoDuration.parse("500ms")).isEqualTo(Duration.ofMillis(500));
    assertThat(GoDuration.parse("0")).isEqualTo(Duration.ZERO);
    assertThat(GoDuration.parse("30.000s")).isEqualTo(Duration.ofSeconds(30));
    assertThat(GoDuration.parse("1.5us")).isEqualTo(Duration.ofNanos(1500));
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
