package io.caasoperator.substrate.local;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.domain.UnitId;
import java.util.Set;
import org.junit.jupiter.api.Test;

class LocalPodsTest {

  private static final UnitId ZERO = UnitId.of("hello", 0);
  private static final UnitId ONE = UnitId.of("hello", 1);

  private final LocalPods pods = new LocalPods();

  @Test
  void aUnitsFirstPodHasTheStartIdEveryUnitHasAlwaysHadHere() {
    assertThat(pods.startId(ZERO)).isEmpty();

    assertThat(pods.make(ZERO)).isEqualTo("local-1");
    assertThat(pods.startId(ZERO)).contains("local-1");
    assertThat(pods.make(ONE)).isEqualTo("local-1");
  }

  @Test
  void aPodThatIsGoneIsFollowedByOneWithANewStartId() {
    pods.make(ONE);

    pods.gone(ONE);
    assertThat(pods.has(ONE)).isFalse();
    assertThat(pods.make(ONE)).isEqualTo("local-2");

    pods.gone(ONE);
    assertThat(pods.make(ONE)).isEqualTo("local-3");
  }

  @Test
  void aUnitGoneBeforeThisProcessMadeItAPodStillGetsANewStartIdNext() {
    // The operator ran it before a restart; its first pod ends without this process knowing it.
    pods.gone(ONE);

    assertThat(pods.make(ONE)).isEqualTo("local-2");
  }

  @Test
  void podsOfUnitsNoLongerListedAreGone() {
    pods.make(ZERO);
    pods.make(ONE);

    pods.keepOnly(Set.of(ZERO));

    assertThat(pods.startId(ZERO)).contains("local-1");
    assertThat(pods.startId(ONE)).isEmpty();
    assertThat(pods.make(ONE)).isEqualTo("local-2");
  }
}
