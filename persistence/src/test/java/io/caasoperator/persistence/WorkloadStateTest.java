package io.caasoperator.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.persistence.WorkloadEvent.*;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WorkloadStateTest {
  private static final Instant AT = Instant.parse("2026-11-23T12:00:00Z");

  @Test
  void layersAreKeptInTheOrderTheyWereAdded() {
    LayerAdded base = new LayerAdded("base", false, "summary: a\n", AT);
    LayerAdded env = new LayerAdded("env", true, "summary: b\n", AT);
    assertThat(WorkloadState.EMPTY.apply(base).apply(env).layers()).containsExactly(base, env);
  }

  @Test
  void aServiceRunsFromItsStartUntilItIsStoppedOrExits() {
    WorkloadState started =
        WorkloadState.EMPTY
            .apply(new ServiceStarted("web", 100, AT))
            .apply(new ServiceStarted("db", 200, AT));
    assertThat(started.running()).isEqualTo(Map.of("web", 100L, "db", 200L));
    assertThat(
            started
                .apply(new ServiceStopped("web", AT))
                .apply(new ServiceExited("db", 1, AT))
                .running())
        .isEmpty();
  }

  @Test
  void stoppedOrphansAreForgottenSoALaterRestartNeverSignalsTheirReusedIds() {
    WorkloadState started = WorkloadState.EMPTY.apply(new ServiceStarted("web", 100, AT));
    assertThat(started.apply(new OrphansStopped(List.of(100L), AT)).running()).isEmpty();
  }

  @Test
  void checkTransitionsAreFactsForTheTimelineNotState() {
    WorkloadState state = WorkloadState.EMPTY.apply(new ServiceStarted("web", 100, AT));
    assertThat(state.apply(new CheckFailed("up", 3, AT)).apply(new CheckRecovered("up", AT)))
        .isEqualTo(state);
  }

  @Test
  void theTimelineShowsAndReplaysPastAContainersEvents() {
    var entry =
        io.caasoperator.persistence.timeline.JournalEntry.of(
            7, "pebble|hello/0/web", 1, new ServiceStarted("web", 100, AT));
    assertThat(entry.time()).isEqualTo(AT);
    assertThat(entry.type()).isEqualTo("workload.ServiceStarted.v1");
    var replayed = io.caasoperator.persistence.timeline.ReplayedState.initial("hello").apply(entry);
    assertThat(replayed.events()).isEqualTo(1);
    assertThat(replayed.units()).isEmpty();
  }
}
