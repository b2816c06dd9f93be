package io.caasoperator.substrate.local.workload;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.pebble.events.PebbleEvent;
import io.caasoperator.persistence.PebbleNotice;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WorkloadNoticesTest {
  private static final Instant AT = Instant.parse("2026-11-23T10:00:00Z");

  @Test
  void aCustomNoticeRunsItsHookWithItsIdTypeAndKey() {
    assertThat(
            WorkloadNotices.of(
                "web",
                new PebbleEvent.NoticeAdded(AT, "7", "custom", "example.com/a", Map.of("x", "1"))))
        .contains(PebbleNotice.custom("web", "7", "custom", "example.com/a", AT));
  }

  @Test
  void noticesOfPebblesOwnTypesRunNothing() {
    for (String type : new String[] {"change-update", "warning", "recover-check"}) {
      assertThat(
              WorkloadNotices.of("web", new PebbleEvent.NoticeAdded(AT, "8", type, "1", Map.of())))
          .as(type)
          .isEmpty();
    }
  }

  @Test
  void checkTransitionsRunTheCheckHooks() {
    assertThat(WorkloadNotices.of("web", new PebbleEvent.CheckDown(AT, "up", 3, "refused")))
        .contains(PebbleNotice.check("web", "up", true, AT));
    assertThat(WorkloadNotices.of("web", new PebbleEvent.CheckUp(AT, "up")))
        .contains(PebbleNotice.check("web", "up", false, AT));
  }

  @Test
  void serviceFactsRunNothing() {
    assertThat(WorkloadNotices.of("web", new PebbleEvent.ServiceStarted(AT, "srv", 42))).isEmpty();
    assertThat(WorkloadNotices.of("web", new PebbleEvent.ServiceExited(AT, "srv", 1))).isEmpty();
  }
}
