package io.caasoperator.secret;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.persistence.secret.SecretConsumption;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Which revision a consumer's secret-get returns and what it records, as Juju's getConsumedRevision
 * and ops' get_content/peek_content.
 */
class ConsumerReadTest {

  private static final String ID = "d0j7ha3q1c4s73d2fa9g";
  private static final Optional<SecretConsumption> NEVER_READ = Optional.empty();
  private static final Optional<SecretConsumption> TRACKS_2 =
      Optional.of(new SecretConsumption(ID, "client/0", 2, "creds", 0));

  @Test
  void theFirstReadTracksTheLatestRevision() {
    ConsumerRead read = ConsumerRead.decide(ID, "client/0", NEVER_READ, 3, false, false, null);
    assertThat(read.revision()).isEqualTo(3);
    assertThat(read.recorded()).contains(new SecretChange.Consumed(ID, "client/0", 3, ""));
  }

  @Test
  void aFirstPeekTracksTooAsJujuRefreshesAUnitWithoutARecord() {
    ConsumerRead read = ConsumerRead.decide(ID, "client/0", NEVER_READ, 3, true, false, null);
    assertThat(read.revision()).isEqualTo(3);
    assertThat(read.recorded()).contains(new SecretChange.Consumed(ID, "client/0", 3, ""));
  }

  @Test
  void laterReadsReturnTheTrackedRevisionAndRecordNothing() {
    ConsumerRead read = ConsumerRead.decide(ID, "client/0", TRACKS_2, 3, false, false, null);
    assertThat(read.revision()).isEqualTo(2);
    assertThat(read.recorded()).isEmpty();
  }

  @Test
  void peekReturnsTheLatestWithoutTrackingIt() {
    ConsumerRead read = ConsumerRead.decide(ID, "client/0", TRACKS_2, 3, true, false, null);
    assertThat(read.revision()).isEqualTo(3);
    assertThat(read.recorded()).isEmpty();
  }

  @Test
  void refreshTracksTheLatestAndReturnsIt() {
    ConsumerRead read = ConsumerRead.decide(ID, "client/0", TRACKS_2, 3, false, true, null);
    assertThat(read.revision()).isEqualTo(3);
    assertThat(read.recorded()).contains(new SecretChange.Consumed(ID, "client/0", 3, ""));
  }

  @Test
  void aLabelGivenWithTheIdBecomesTheConsumerLabel() {
    assertThat(ConsumerRead.decide(ID, "client/0", NEVER_READ, 1, false, false, "creds").recorded())
        .contains(new SecretChange.Consumed(ID, "client/0", 1, "creds"));
    assertThat(ConsumerRead.decide(ID, "client/0", TRACKS_2, 3, false, false, "db").recorded())
        .as("a new label, the tracked revision kept")
        .contains(new SecretChange.Consumed(ID, "client/0", 2, "db"));
    assertThat(ConsumerRead.decide(ID, "client/0", TRACKS_2, 3, false, false, "creds").recorded())
        .as("the same label again")
        .isEmpty();
  }
}
