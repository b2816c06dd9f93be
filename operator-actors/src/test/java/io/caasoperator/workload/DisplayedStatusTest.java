package io.caasoperator.workload;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.domain.Status;
import io.caasoperator.domain.UnitId;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class DisplayedStatusTest {
  private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");
  private static final UnitId UNIT = UnitId.of("web", 0);
  private static final ContainerTrouble WEB =
      new ContainerTrouble(UNIT, "web", "cannot listen on /s/x/pebble.socket: denied", T0, 3);

  @Test
  void withoutTroubleTheCharmsStatusShows() {
    Status active = Status.of("active", "serving", T0);
    assertThat(DisplayedStatus.of(active, List.of())).isEqualTo(active);
  }

  @Test
  void aContainerThatCannotStartShowsOverAnInitialisingActiveOrWaitingUnit() {
    for (String value : List.of("waiting", "active", "unknown")) {
      Status shown = DisplayedStatus.of(Status.of(value, "agent initialising", T0), List.of(WEB));
      assertThat(shown.value()).isEqualTo("blocked");
      assertThat(shown.message())
          .isEqualTo(
              "container web: Pebble cannot start: cannot listen on /s/x/pebble.socket: denied");
      assertThat(shown.since()).isEqualTo(T0);
    }
  }

  @Test
  void whatTheCharmSaidAPersonMustSeeFirstStays() {
    for (String value : List.of("error", "blocked", "maintenance", "terminated")) {
      Status charm = Status.of(value, "mine", T0);
      assertThat(DisplayedStatus.of(charm, List.of(WEB))).isEqualTo(charm);
    }
  }

  @Test
  void moreContainersInTroubleAreCounted() {
    ContainerTrouble db = new ContainerTrouble(UNIT, "db", "no", T0, 1);
    assertThat(DisplayedStatus.of(Status.of("waiting", "", T0), List.of(db, WEB)).message())
        .isEqualTo("container db: Pebble cannot start: no (and 1 more container(s))");
  }
}
