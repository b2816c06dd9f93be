package io.caasoperator.secret;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.persistence.secret.SecretConsumption;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Which revision a consumer's secret-get returns and what it records, as Juju's getConsumedRevision
 * and ops' get_content/peek_content.
 */
class ConsumerReadTest {

  private static final String ID = "d0j7ha3q1c4s73d2fa9g";
  private static final Optional<SecretConsumption> NEVER_READ = Optional.empty();
  private static final Optional<SecretConsumption> TRACKS_2 =
      Optional.of(new SecretConsumption(ID, "client/0", 2, "creds", 0));

  /**
   * Each row: the revision the unit tracks (none if it never read), whether it peeks or refreshes
   * when revision 3 is the latest, then the revision returned and the one recorded as tracked (none
   * when nothing is recorded).
   */
  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      nullValues = "none",
      textBlock =
          """
          the first read tracks the latest revision                    | none | false | false | 3 | 3
          a first peek tracks too, as Juju refreshes a unit without a record | none | true  | false | 3 | 3
          later reads return the tracked revision and record nothing   | 2    | false | false | 2 | none
          a peek returns the latest without tracking it                | 2    | true  | false | 3 | none
          a refresh tracks the latest and returns it                   | 2    | false | true  | 3 | 3
          """)
  void theRevisionReadAndTheOneTracked(
      String what, Integer tracks, boolean peek, boolean refresh, int returned, Integer recorded) {
    Optional<SecretConsumption> tracked =
        Optional.ofNullable(tracks)
            .map(revision -> new SecretConsumption(ID, "client/0", revision, "creds", 0));

    ConsumerRead read = ConsumerRead.decide(ID, "client/0", tracked, 3, peek, refresh, null);

    assertThat(read.revision()).isEqualTo(returned);
    assertThat(read.recorded())
        .isEqualTo(
            Optional.ofNullable(recorded)
                .map(revision -> new SecretChange.Consumed(ID, "client/0", revision, "")));
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
