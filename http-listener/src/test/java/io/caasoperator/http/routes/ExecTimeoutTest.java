package io.caasoperator.http.routes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class ExecTimeoutTest {

  @Test
  void durationsUpToTheMaximumAreTaken() {
    assertThat(ExecTimeout.parse("30s")).isEqualTo(Duration.ofSeconds(30));
    assertThat(ExecTimeout.parse(" 1h30m ")).isEqualTo(Duration.ofMinutes(90));
    assertThat(ExecTimeout.parse("24h")).isEqualTo(ExecTimeout.MAXIMUM);
    assertThat(ExecTimeout.parse("1439m60s")).isEqualTo(Duration.ofHours(24));
  }

  @Test
  void aTimeoutOverTheMaximumIsRefusedNamingTheMaximum() {
    assertThatThrownBy(() -> ExecTimeout.parse("24h1ms"))
        .hasMessage("\"timeout\": \"24h1ms\" is longer than the maximum of 24h");
    assertThatThrownBy(() -> ExecTimeout.parse("100000000h"))
        .hasMessage("\"timeout\": \"100000000h\" is longer than the maximum of 24h");
  }

  @Test
  void aTimeoutThatOverflowsIsTooLongRatherThanAnError() {
    assertThatThrownBy(() -> ExecTimeout.parse("9223372036854775807s"))
        .hasMessage("\"timeout\": \"9223372036854775807s\" is longer than the maximum of 24h");
    assertThatThrownBy(() -> ExecTimeout.parse("9223372036854775808s"))
        .hasMessage("\"timeout\": \"9223372036854775808s\" is longer than the maximum of 24h");
    assertThatThrownBy(() -> ExecTimeout.parse("9223372036854775807h9223372036854775807h"))
        .hasMessageContaining("longer than the maximum of 24h");
  }

  @Test
  void textThatIsNoDurationOrZeroIsRefused() {
    assertThatThrownBy(() -> ExecTimeout.parse("soon"))
        .hasMessage("\"timeout\": \"soon\" is not a duration (use e.g. 30s, 5m, 1h)");
    assertThatThrownBy(() -> ExecTimeout.parse("-5s")).hasMessageContaining("is not a duration");
    assertThatThrownBy(() -> ExecTimeout.parse("1.5h")).hasMessageContaining("is not a duration");
    assertThatThrownBy(() -> ExecTimeout.parse("")).hasMessageContaining("is not a duration");
    assertThatThrownBy(() -> ExecTimeout.parse("0s"))
        .hasMessage("\"timeout\": \"0s\" must be longer than 0");
  }
}
