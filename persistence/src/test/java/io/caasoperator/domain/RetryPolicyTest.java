package io.caasoperator.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class RetryPolicyTest {

  private static final RetryPolicy EXACT =
      new RetryPolicy(Duration.ofSeconds(5), Duration.ofMinutes(5)).withoutJitter();

  @Test
  void theBackoffDoublesFromTheInitialDelayUpToTheMaximum() {
    assertThat(
            IntStream.rangeClosed(1, 9)
                .mapToObj(EXACT::delayAfter)
                .map(Duration::toSeconds)
                .toList())
        .containsExactly(5L, 10L, 20L, 40L, 80L, 160L, 300L, 300L, 300L);
    assertThat(EXACT.delayAfter(Integer.MAX_VALUE)).isEqualTo(Duration.ofMinutes(5));
  }

  @Test
  void jitterShortensADelayByTheDrawnFractionOfItsJitter() {
    RetryPolicy none = EXACT.withJitter(0.2, () -> 0.0);
    RetryPolicy most = EXACT.withJitter(0.2, () -> 0.5);
    assertThat(none.delayAfter(1)).isEqualTo(Duration.ofSeconds(5));
    assertThat(most.delayAfter(1)).isEqualTo(Duration.ofMillis(4500));
    assertThat(most.delayAfter(2)).isEqualTo(Duration.ofSeconds(9));
    assertThat(most.delayAfter(20)).isEqualTo(Duration.ofSeconds(270));
  }

  @Test
  void aJitteredDelayNeverExceedsTheBackoffNorFallsBelowItsJitteredShare() {
    SplittableRandom random = new SplittableRandom(42);
    RetryPolicy policy = EXACT.withJitter(0.2, random::nextDouble);
    for (int attempt = 1; attempt <= 10; attempt++) {
      Duration backoff = policy.backoffAfter(attempt);
      for (int i = 0; i < 100; i++) {
        assertThat(policy.delayAfter(attempt))
            .isBetween(backoff.multipliedBy(4).dividedBy(5), backoff);
      }
    }
  }

  @Test
  void unitsThatFailedTogetherDoNotRetryInLockstep() {
    SplittableRandom random = new SplittableRandom(7);
    RetryPolicy policy = EXACT.withJitter(0.2, random::nextDouble);
    Set<Duration> firstRetries = new HashSet<>();
    for (int unit = 0; unit < 100; unit++) firstRetries.add(policy.delayAfter(1));
    assertThat(firstRetries).hasSizeGreaterThan(90);
  }

  @Test
  void theDefaultPolicyHasJitterAndAnInjectedSourceMakesItRepeatable() {
    assertThat(RetryPolicy.DEFAULT.jitter()).isEqualTo(RetryPolicy.DEFAULT_JITTER);
    List<Double> draws = List.of(0.25, 0.75);
    int[] next = {0};
    RetryPolicy seeded = RetryPolicy.DEFAULT.withJitter(0.2, () -> draws.get(next[0]++ % 2));
    assertThat(List.of(seeded.delayAfter(1), seeded.delayAfter(1), seeded.delayAfter(1)))
        .containsExactly(Duration.ofMillis(4750), Duration.ofMillis(4250), Duration.ofMillis(4750));
  }

  @Test
  void aBrokenRandomSourceNeitherStretchesNorNegatesADelay() {
    assertThat(EXACT.withJitter(0.2, () -> 7.0).delayAfter(1)).isEqualTo(Duration.ofSeconds(5));
    assertThat(EXACT.withJitter(0.2, () -> -1.0).delayAfter(1)).isEqualTo(Duration.ofSeconds(5));
    assertThat(EXACT.withJitter(0.2, () -> Double.NaN).delayAfter(1))
        .isEqualTo(Duration.ofSeconds(5));
  }

  @Test
  void jitterOutsideZeroToOneIsRefused() {
    assertThatThrownBy(() -> EXACT.withJitter(1.0, () -> 0))
        .hasMessageContaining("jitter must be in [0, 1)");
    assertThatThrownBy(() -> EXACT.withJitter(-0.1, () -> 0))
        .hasMessageContaining("jitter must be in [0, 1)");
    assertThatThrownBy(() -> EXACT.withJitter(Double.NaN, () -> 0))
        .hasMessageContaining("jitter must be in [0, 1)");
    assertThatThrownBy(() -> EXACT.withJitter(0.2, null)).hasMessageContaining("random source");
  }
}
