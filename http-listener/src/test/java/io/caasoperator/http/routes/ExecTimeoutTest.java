package io.caasoperator.http.routes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ExecTimeoutTest {

  @Test
  void durationsUpToTheMaximumAreTaken() {
    assertThat(ExecTimeout.parse("30s")).isEqualTo(Duration.ofSeconds(30));
    assertThat(ExecTimeout.parse(" 1h30m ")).isEqualTo(Duration.ofMinutes(90));
    assertThat(ExecTimeout.parse("24h")).isEqualTo(ExecTimeout.MAXIMUM);
    assertThat(ExecTimeout.parse("1439m60s")).isEqualTo(Duration.ofHours(24));
  }

  /** The last three overflow a long: too long rather than an error. */
  @ParameterizedTest
  @ValueSource(
      strings = {
        "24h1ms",
        "100000000h",
        "9223372036854775807s",
        "9223372036854775808s",
        "9223372036854775807h9223372036854775807h"
      })
  void aTimeoutOverTheMaximumIsRefusedNamingTheMaximum(String timeout) {
    assertThatThrownBy(() -> ExecTimeout.parse(timeout))
        .hasMessage("\"timeout\": \"" + timeout + "\" is longer than the maximum of 24h");
  }

  @ParameterizedTest
  @ValueSource(strings = {"soon", "-5s", "1.5h", ""})
  void textThatIsNoDurationIsRefused(String timeout) {
    assertThatThrownBy(() -> ExecTimeout.parse(timeout))
        .hasMessage("\"timeout\": \"" + timeout + "\" is not a duration (use e.g. 30s, 5m, 1h)");
  }

  @Test
  void aZeroTimeoutIsRefused() {
    assertThatThrownBy(() -> ExecTimeout.parse("0s"))
        .hasMessage("\"timeout\": \"0s\" must be longer than 0");
  }
}
