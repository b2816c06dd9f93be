package io.caasoperator.workload;

import static io.caasoperator.unit.UnitStates.AT;
import static io.caasoperator.unit.UnitStates.completed;
import static io.caasoperator.unit.UnitStates.started;
import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.persistence.PebbleNotice;
import io.caasoperator.persistence.PlannedHook;
import io.caasoperator.persistence.UnitEvent.ContainerStartObserved;
import io.caasoperator.persistence.UnitEvent.PebbleNoticeObserved;
import io.caasoperator.persistence.UnitState;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** Notice hooks in arrival order, each only once its container's pebble-ready ran. */
class PebbleNoticeResolverTest {
  private static final PebbleNotice BACKUP =
      PebbleNotice.custom("web", "1", "custom", "example.com/backup", AT);
  private static final PebbleNotice DB_FAILED =
      PebbleNotice.check("db", "alive", true, Instant.ofEpochSecond(1));

  /** A started unit whose web container started and got its pebble-ready. */
  private static UnitState webReady() {
    UnitState s = started(true).apply(new ContainerStartObserved("web", "1", AT));
    return completed(s, PebbleReadyResolver.next(s).orElseThrow());
  }

  @Test
  void aNoticeWaitsForItsContainersPebbleReady() {
    UnitState s = started(true).apply(new PebbleNoticeObserved(BACKUP, AT));
    assertThat(PebbleNoticeResolver.next(s)).as("web never started").isEmpty();
    s = s.apply(new ContainerStartObserved("web", "1", AT));
    assertThat(PebbleNoticeResolver.next(s)).as("pebble-ready not run yet").isEmpty();
    s = completed(s, PebbleReadyResolver.next(s).orElseThrow());
    PlannedHook hook = PebbleNoticeResolver.next(s).orElseThrow();
    assertThat(hook.name()).isEqualTo("web-pebble-custom-notice");
    assertThat(hook)
        .isInstanceOfSatisfying(
            PlannedHook.Notice.class, h -> assertThat(h.notice()).isEqualTo(BACKUP));
    assertThat(PebbleNoticeResolver.next(completed(s, hook))).as("once").isEmpty();
  }

  @Test
  void theOldestNoticeOfAReadyContainerGoesFirstAndOthersWait() {
    PebbleNotice later = PebbleNotice.check("web", "alive", true, Instant.ofEpochSecond(2));
    UnitState s =
        webReady()
            .apply(new PebbleNoticeObserved(DB_FAILED, AT))
            .apply(new PebbleNoticeObserved(BACKUP, AT))
            .apply(new PebbleNoticeObserved(later, AT));
    PlannedHook first = PebbleNoticeResolver.next(s).orElseThrow();
    assertThat(first)
        .as("db is not ready: its notice waits")
        .isInstanceOfSatisfying(
            PlannedHook.Notice.class, h -> assertThat(h.notice()).isEqualTo(BACKUP));
    assertThat(
            PebbleNoticeResolver.next(completed(s, first))
                .map(h -> ((PlannedHook.Notice) h).notice()))
        .contains(later);
  }

  @Test
  void aContainerRestartedSinceItsPebbleReadyHoldsItsNoticesBackUntilReadyAgain() {
    UnitState s =
        webReady()
            .apply(new ContainerStartObserved("web", "2", AT))
            .apply(new PebbleNoticeObserved(BACKUP, AT));
    assertThat(PebbleNoticeResolver.next(s)).isEmpty();
  }
}
