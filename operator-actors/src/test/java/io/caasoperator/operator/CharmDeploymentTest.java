package io.caasoperator.operator;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.charm.CharmException;
import io.caasoperator.domain.CharmRef;
import io.caasoperator.domain.RetryPolicy;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The charm retry's delay: the policy's backoff for the failures in a row, with its jitter. */
class CharmDeploymentTest {

  private static final CharmRef CHARM =
      new CharmRef("https://charms.example/app.charm", "ab".repeat(32), 0, false);

  private static CharmDeployment failedTimes(int failures, boolean retryable) {
    CharmDeployment deployment = CharmDeployment.NOT_ASKED;
    for (int i = 0; i < failures; i++) {
      deployment =
          deployment
              .asking(CHARM)
              .settled(
                  new CharmDeployer.Failed(
                      CHARM, new CharmException(CHARM.url(), "HTTP 503", retryable)),
                  CHARM);
    }
    return deployment;
  }

  @Test
  void aRetryableFailureIsRetriedAfterTheJitteredBackoffOfItsFailuresInARow() {
    RetryPolicy policy = RetryPolicy.DEFAULT.withJitter(0.2, () -> 0.5);
    assertThat(failedTimes(1, true).retryAfter(policy)).contains(Duration.ofMillis(4500));
    assertThat(failedTimes(3, true).retryAfter(policy)).contains(Duration.ofSeconds(18));
    assertThat(failedTimes(3, true).retryAfter(policy.withoutJitter()))
        .contains(Duration.ofSeconds(20));
  }

  @Test
  void aFailureNoRetryCanFixWaitsForANewSpecification() {
    assertThat(failedTimes(1, false).retryAfter(RetryPolicy.DEFAULT)).isEmpty();
    assertThat(CharmDeployment.NOT_ASKED.retryAfter(RetryPolicy.DEFAULT)).isEmpty();
  }
}
