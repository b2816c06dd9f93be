package io.caasoperator.http.routes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class ExecTimeoutTest {

  /** Up to 24h ({@link ExecTimeout#MAXIMUM}), however it is written; spaces around do not count. */
  @ParameterizedTest
  @CsvSource({"30s, PT30S", "' 1h30m ', PT1H30M", "24h, PT24H", "1439m60s, PT24H"})
  void durationsUpToTheMaximumAreTaken(String timeout, Duration taken) {
    assertThat(ExecTimeout.parse(timeout)).isEqualTo(taken);
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
