package io.caasoperator.unit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class PodWaitTest {

  @Test
  void theDefaultWaitsAbout45SecondsOverSixWaitsThenGivesUp() {
    PodWait wait = PodWait.DEFAULT;
    assertThat(List.of(1, 2, 3, 4, 5, 6))
        .map(n -> wait.delayAfter(n).orElseThrow().toSeconds())
        .containsExactly(1L, 2L, 4L, 8L, 15L, 15L);
    assertThat(wait.delayAfter(7)).isEmpty();
    assertThat(wait.attempts()).isEqualTo(7);
  }

  @Test
  void noWaitsMeansTheFirstNotReadyFailsTheHook() {
    assertThat(new PodWait(List.of()).delayAfter(1)).isEmpty();
  }

  @Test
  void negativeOrMissingDelaysAreRefused() {
    assertThatThrownBy(() -> new PodWait(List.of(Duration.ofSeconds(-1))))
        .hasMessage("pod wait delays must be >= 0");
    assertThatThrownBy(() -> new PodWait(Arrays.asList(Duration.ZERO, null)))
        .hasMessage("pod wait delays must be >= 0");
    assertThatThrownBy(() -> new PodWait(null)).hasMessage("pod wait delays must be >= 0");
  }
}
