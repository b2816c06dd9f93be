package io.caasoperator.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.caasoperator.persistence.ActionStatus;
import io.caasoperator.persistence.HookOutcome;
import org.junit.jupiter.api.Test;

class LabelledTest {
  @Test
  void theLabelIsTheConstantInLowerCase() {
    assertThat(ActionStatus.CANCELLED.label()).isEqualTo("cancelled");
    assertThat(HookOutcome.SKIPPED.label()).isEqualTo("skipped");
    assertThat(Life.DYING.label()).isEqualTo("dying");
  }

  @Test
  void theJournalWritesAndReadsTheLabel() throws Exception {
    ObjectMapper json = new ObjectMapper();
    assertThat(json.writeValueAsString(ActionStatus.PENDING)).isEqualTo("\"pending\"");
    assertThat(json.writeValueAsString(Life.DEAD)).isEqualTo("\"dead\"");
    assertThat(json.readValue("\"running\"", ActionStatus.class)).isEqualTo(ActionStatus.RUNNING);
    assertThat(json.readValue("\"dying\"", Life.class)).isEqualTo(Life.DYING);
    assertThat(json.readValue("\"resolved\"", HookOutcome.class)).isEqualTo(HookOutcome.RESOLVED);
  }

  @Test
  void anUnknownLabelIsRefusedNamingWhatWasRead() {
    assertThatThrownBy(() -> ActionStatus.parse("done"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("unknown action status \"done\"");
    assertThatThrownBy(() -> HookOutcome.parse("COMPLETED"))
        .hasMessage("unknown hook outcome \"COMPLETED\"");
  }

  @Test
  void whatEachConstantMeansStaysWithIt() {
    assertThat(ActionStatus.values())
        .filteredOn(ActionStatus::finished)
        .containsExactly(ActionStatus.COMPLETED, ActionStatus.FAILED, ActionStatus.CANCELLED);
    assertThat(HookOutcome.values())
        .filteredOn(HookOutcome::ran)
        .containsExactly(HookOutcome.COMPLETED, HookOutcome.FAILED);
  }
}
