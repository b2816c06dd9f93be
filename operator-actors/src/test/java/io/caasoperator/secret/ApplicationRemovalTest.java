package io.caasoperator.secret;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.persistence.secret.SealedContent;
import io.caasoperator.persistence.secret.SecretEvent;
import io.caasoperator.persistence.secret.SecretOwner;
import io.caasoperator.persistence.secret.SecretsState;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What a removed application's secret journal records: everything it held, removed. */
class ApplicationRemovalTest {
  private static final Instant AT = Instant.parse("2026-11-23T10:00:00Z");
  private static final SealedContent SEALED = new SealedContent("n", "c", "d");

  private static SecretEvent.SecretCreated created(String id, SecretOwner owner) {
    return new SecretEvent.SecretCreated(id, owner, null, null, null, null, null, SEALED, AT);
  }

  @Test
  void theApplicationsAndItsUnitsSecretsAndWhatItsUnitsReadAreAllRemoved() {
    SecretsState state =
        SecretsState.EMPTY
            .apply(created("d0j7ha3q1c4s73d2fa9g", SecretOwner.application("db")))
            .apply(created("d0j7ha3q1c4s73d2fb00", SecretOwner.unit("db/1")))
            .apply(new SecretEvent.SecretConsumed("d0j7ha3q1c4s73d2fc00", "db/0", 2, "wp", AT));

    List<SecretEvent> events = ApplicationRemoval.events(state, AT);

    assertThat(events)
        .containsExactly(
            new SecretEvent.SecretRemoved("d0j7ha3q1c4s73d2fa9g", null, AT),
            new SecretEvent.SecretRemoved("d0j7ha3q1c4s73d2fb00", null, AT),
            new SecretEvent.SecretConsumerRemoved("d0j7ha3q1c4s73d2fc00", "db/0", AT));
    SecretsState after = state;
    for (SecretEvent e : events) after = after.apply(e);
    assertThat(after).isEqualTo(SecretsState.EMPTY);
  }

  @Test
  void anEmptyStoreRecordsNothing() {
    assertThat(ApplicationRemoval.events(SecretsState.EMPTY, AT)).isEmpty();
  }
}
