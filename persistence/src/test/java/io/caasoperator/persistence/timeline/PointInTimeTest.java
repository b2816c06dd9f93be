package io.caasoperator.persistence.timeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class PointInTimeTest {
  private static final Clock CLOCK =
      Clock.fixed(Instant.parse("2026-11-23T10:00:00Z"), ZoneOffset.UTC);

  @Test
  void acceptsInstantsLocalTimesAsUtcAndDurationsAgo() {
    assertThat(PointInTime.parse("2026-11-22T10:15:30Z", CLOCK))
        .isEqualTo(Instant.parse("2026-11-22T10:15:30Z"));
    assertThat(PointInTime.parse("2026-11-22T10:15", CLOCK))
        .isEqualTo(Instant.parse("2026-11-22T10:15:00Z"));
    assertThat(PointInTime.parse("15m", CLOCK)).isEqualTo(Instant.parse("2026-11-23T09:45:00Z"));
  }

  @Test
  void aDurationThatReachesPastAnyTimeIsRefusedWithAReason() {
    for (String text :
        new String[] {"9223372036854775807d", "9223372036854775807s", "106751991167301d"}) {
      assertThatThrownBy(() -> PointInTime.parse(text, CLOCK))
          .as(text)
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageStartingWith(
              "invalid time \"" + text + "\": too far back; give a time such as");
    }
    assertThatThrownBy(() -> PointInTime.parse("99999999999999999999d", CLOCK))
        .hasMessageContaining("expected e.g. 2026-11-22T10:15:30Z");
  }
}
