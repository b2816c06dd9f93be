package io.caasoperator.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** A model's update-status-hook-interval, as Juju reads and refuses it. */
class UpdateStatusIntervalTest {

  @Test
  void goDurationsAreTakenIncludingTheShortOnesCharmTestsSet() {
    assertThat(UpdateStatusInterval.parse("10s")).isEqualTo(Duration.ofSeconds(10));
    assertThat(UpdateStatusInterval.parse("1m30s")).isEqualTo(Duration.ofSeconds(90));
    assertThat(UpdateStatusInterval.parse("5m")).isEqualTo(UpdateStatusInterval.DEFAULT);
    assertThat(UpdateStatusInterval.parse("1.5h")).isEqualTo(Duration.ofMinutes(90));
    assertThat(UpdateStatusInterval.parse("500ms")).isEqualTo(Duration.ofMillis(500));
  }

  @Test
  void whatGoCannotParseIsRefusedInJujusWords() {
    assertThatThrownBy(() -> UpdateStatusInterval.parse("soon"))
        .hasMessage(
            "invalid update status hook interval in model configuration: time: invalid duration"
                + " \"soon\"");
    assertThatThrownBy(() -> UpdateStatusInterval.parse("10"))
        .hasMessage(
            "invalid update status hook interval in model configuration: time: missing unit in"
                + " duration \"10\"");
    assertThatThrownBy(() -> UpdateStatusInterval.parse("10d"))
        .hasMessage(
            "invalid update status hook interval in model configuration: time: unknown unit"
                + " \"d\" in duration \"10d\"");
  }

  @Test
  void anIntervalThatIsNotPositiveIsRefused() {
    assertThatThrownBy(() -> UpdateStatusInterval.parse("0s"))
        .hasMessage("update status hook frequency 0s must be greater than 0s");
    assertThatThrownBy(() -> UpdateStatusInterval.parse("-1m"))
        .hasMessage("update status hook frequency -1m must be greater than 0s");
  }
}
