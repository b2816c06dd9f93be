package io.caasoperator.secret;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SecretSettingsTest {

  private static final Instant T0 = Instant.parse("2026-11-23T10:00:00Z");

  private static final SecretSettings ADDED =
      new SecretSettings(
          "db", "first", T0, "hourly", T0.plusSeconds(3600), Map.of("password", "one"));

  @Test
  void aLaterSetReplacesWhatItGivesAndKeepsTheRest() {
    SecretSettings set =
        new SecretSettings(null, "second", null, null, null, Map.of("password", "two"));

    assertThat(set.over(ADDED))
        .isEqualTo(
            new SecretSettings(
                "db", "second", T0, "hourly", T0.plusSeconds(3600), Map.of("password", "two")));
  }

  @Test
  void theNextRotationGoesWithTheRotatePolicyItWasComputedFrom() {
    assertThat(new SecretSettings(null, null, null, "never", null, null).over(ADDED))
        .as("a new policy that never rotates clears the earlier policy's next rotation")
        .extracting(SecretSettings::rotatePolicy, SecretSettings::nextRotation)
        .containsExactly("never", null);
    assertThat(new SecretSettings("x", null, null, null, T0, null).over(ADDED).nextRotation())
        .as("without a policy, the earlier policy's rotation stays")
        .isEqualTo(T0.plusSeconds(3600));
  }

  @Test
  void itsTextNamesTheKeysButNeverTheContent() {
    assertThat(ADDED.toString()).isEqualTo("label=db, keys=[password]").doesNotContain("one");
    assertThat(new SecretSettings(null, null, null, null, null, null).toString())
        .isEqualTo("label=null, keys=unchanged");
  }
}
