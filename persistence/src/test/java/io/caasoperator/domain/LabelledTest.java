package io.caasoperator.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.caasoperator.persistence.ActionStatus;
import io.caasoperator.persistence.HookKind;
import io.caasoperator.persistence.HookOutcome;
import org.junit.jupiter.api.Test;

class LabelledTest {
  @Test
  void theLabelIsJujusSpellingOfTheConstant() {
    assertThat(HookKind.LEADER_SETTINGS_CHANGED.label()).isEqualTo("leader-settings-changed");
    assertThat(HookKind.PEBBLE_CHECK_RECOVERED.label()).isEqualTo("pebble-check-recovered");
    assertThat(ActionStatus.CANCELLED.label()).isEqualTo("cancelled");
    assertThat(HookOutcome.SKIPPED.label()).isEqualTo("skipped");
    assertThat(Life.DYING.label()).isEqualTo("dying");
  }

  @Test
  void theJournalWritesAndReadsTheLabel() throws Exception {
    ObjectMapper json = new ObjectMapper();
    assertThat(json.writeValueAsString(HookKind.STORAGE_DETACHING))
        .isEqualTo("\"storage-detaching\"");
    assertThat(json.writeValueAsString(Life.DEAD)).isEqualTo("\"dead\"");
    assertThat(json.readValue("\"relation-departed\"", HookKind.class))
        .isEqualTo(HookKind.RELATION_DEPARTED);
    assertThat(json.readValue("\"dying\"", Life.class)).isEqualTo(Life.DYING);
    assertThat(json.readValue("\"resolved\"", HookOutcome.class)).isEqualTo(HookOutcome.RESOLVED);
  }

  @Test
  void anUnknownLabelIsRefusedNamingWhatWasRead() {
    assertThatThrownBy(() -> HookKind.parse("install-hook"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("unknown hook kind \"install-hook\"");
    assertThatThrownBy(() -> ActionStatus.parse("done"))
        .hasMessage("unknown action status \"done\"");
    assertThatThrownBy(() -> HookOutcome.parse("COMPLETED"))
        .hasMessage("unknown hook outcome \"COMPLETED\"");
  }
}
