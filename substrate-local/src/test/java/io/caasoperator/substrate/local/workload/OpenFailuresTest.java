package io.caasoperator.substrate.local.workload;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.domain.RetryPolicy;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class OpenFailuresTest {
  private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");

  /** The failure numbers logged among {@code reasons}, one failure each, in order. */
  private static List<Integer> logged(List<String> reasons) {
    List<Integer> logged = new ArrayList<>();
    OpenFailures failures = OpenFailures.NONE;
    for (String reason : reasons) {
      OpenFailures before = failures;
      failures = before.failed(reason, T0.plusSeconds(failures.attempts()));
      if (failures.worthLogging(before)) logged.add(failures.attempts());
    }
    return logged;
  }

  @Test
  void theSameReasonIsLoggedOnceThenAtEachDoubling() {
    assertThat(logged(java.util.Collections.nCopies(100, "cannot listen")))
        .containsExactly(1, 2, 4, 8, 16, 32, 64);
  }

  @Test
  void aNewReasonIsLoggedAtOnce() {
    assertThat(logged(List.of("a", "a", "a", "b", "b"))).containsExactly(1, 2, 4);
    assertThat(logged(List.of("a", "a", "b"))).containsExactly(1, 2, 3);
  }

  @Test
  void sinceIsTheFirstFailureOfTheRunAndTheDelayBacksOff() {
    RetryPolicy policy =
        new RetryPolicy(Duration.ofSeconds(5), Duration.ofMinutes(1)).withoutJitter();
    OpenFailures first = OpenFailures.NONE.failed("x", T0);
    OpenFailures third = first.failed("x", T0.plusSeconds(5)).failed("y", T0.plusSeconds(15));
    assertThat(third.since()).isEqualTo(T0);
    assertThat(third.reason()).isEqualTo("y");
    assertThat(first.delay(policy)).isEqualTo(Duration.ofSeconds(5));
    assertThat(third.delay(policy)).isEqualTo(Duration.ofSeconds(20));
  }
}
