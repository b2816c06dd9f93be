package io.caasoperator.persistence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Each kind of hook has its own record; a hook without what its kind names cannot be made. */
class PlannedHookTest {

  @Test
  void aHookOfAKindThatNamesSomethingCannotBeMadeWithoutIt() {
    assertThatThrownBy(() -> PlannedHook.of(HookKind.PEBBLE_READY, 1, 1))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> PlannedHook.of(HookKind.RELATION_CHANGED, 1, 1))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> PlannedHook.of(HookKind.SECRET_ROTATE, 1, 1))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void leaderSettingsChangedRunAgainNamesTheSettingsAssignedNow() {
    assertThat(PlannedHook.of(HookKind.LEADER_SETTINGS_CHANGED, 1, 1).withGenerations(2, 3, 4))
        .as("journaled before it carried its generation")
        .isEqualTo(PlannedHook.leaderSettingsChanged(4, 2, 3));
    assertThat(PlannedHook.leaderSettingsChanged(1, 1, 1).withGenerations(2, 3, 4))
        .isEqualTo(PlannedHook.leaderSettingsChanged(4, 2, 3));
    assertThat(PlannedHook.pebbleReady("web", "s-1", 1, 1).withGenerations(2, 3, 4))
        .isEqualTo(PlannedHook.pebbleReady("web", "s-1", 2, 3));
  }
}
