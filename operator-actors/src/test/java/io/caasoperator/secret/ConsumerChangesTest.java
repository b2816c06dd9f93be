package io.caasoperator.secret;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.persistence.HookKind;
import io.caasoperator.persistence.secret.SecretEvent;
import io.caasoperator.persistence.secret.SecretOwner;
import io.caasoperator.persistence.secret.SecretTrigger;
import io.caasoperator.persistence.secret.SecretsState;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Which consumer units must run secret-changed, from their journaled state and the owner's. */
class ConsumerChangesTest {

  private static final String ID = "d0j7ha3q1c4s73d2fa9g";
  private static final Instant AT = Instant.parse("2026-11-22T10:00:00Z");
  private static final Instant REVISION_3_MADE = AT.plusSeconds(60);

  /** The owner "db" whose secret is at {@code latest}. */
  private static ForeignSecrets ownerAt(int latest) {
    ForeignSecret secret =
        new ForeignSecret(
            ID,
            SecretOwner.application("db"),
            "db",
            latest,
            REVISION_3_MADE,
            List.of(new ForeignSecret.Access.OverRelation(7, "")),
            revision -> Optional.of(Map.of("password", "p" + revision)));
    return id -> id.equals(ID) ? Optional.of(secret) : Optional.empty();
  }

  private static SecretsState consumers(SecretEvent... events) {
    SecretsState state = SecretsState.EMPTY;
    for (SecretEvent e : events) state = state.apply(e);
    return state;
  }

  @Test
  void everyUnitTrackingAnOlderRevisionRunsItOnceNamingItsLabelAndTheLatest() {
    SecretsState state =
        consumers(
            new SecretEvent.SecretConsumed(ID, "client/0", 2, "creds", AT),
            new SecretEvent.SecretConsumed(ID, "client/1", 3, "", AT));

    assertThat(ConsumerChanges.due(state, ownerAt(3)))
        .containsExactly(
            new SecretTrigger(
                HookKind.SECRET_CHANGED,
                ID,
                SecretOwner.unit("client/0"),
                "creds",
                3,
                REVISION_3_MADE));
  }

  @Test
  void aCompletedSecretChangedIsNotDueAgainForThatRevision() {
    SecretsState told =
        consumers(
            new SecretEvent.SecretConsumed(ID, "client/0", 2, "creds", AT),
            new SecretEvent.SecretChangeSeen(ID, "client/0", 3, AT));
    assertThat(ConsumerChanges.due(told, ownerAt(3))).isEmpty();
    assertThat(ConsumerChanges.due(told, ownerAt(4)))
        .as("a further revision")
        .extracting(SecretTrigger::revision)
        .containsExactly(4);
    assertThat(told.consumption("client/0", ID).orElseThrow().revision())
        .as("being told changes nothing the unit reads")
        .isEqualTo(2);
  }

  @Test
  void aRecordedTriggerCompletesAsTheStoreRecordsIt() {
    SecretTrigger due =
        ConsumerChanges.due(
                consumers(new SecretEvent.SecretConsumed(ID, "client/0", 2, "", AT)), ownerAt(3))
            .get(0);
    assertThat(SecretSchedule.completed(SecretsState.EMPTY, due, AT))
        .contains(new SecretEvent.SecretChangeSeen(ID, "client/0", 3, AT));
  }

  @Test
  void aSecretItsOwnerRemovedOrThatNobodyReadIsNotDue() {
    assertThat(
            ConsumerChanges.due(
                consumers(new SecretEvent.SecretConsumed(ID, "client/0", 2, "", AT)),
                ForeignSecrets.NONE))
        .isEmpty();
    assertThat(ConsumerChanges.due(SecretsState.EMPTY, ownerAt(3))).isEmpty();
  }

  @Test
  void theOwnerRemovesAnOlderRevisionOnlyOnceNoConsumerTracksIt() {
    SecretsState owner =
        consumers(
            new SecretEvent.SecretCreated(
                ID,
                SecretOwner.application("db"),
                null,
                null,
                null,
                null,
                null,
                new io.caasoperator.persistence.secret.SealedContent("n", "c", "hmac-sha256:1"),
                AT),
            new SecretEvent.SecretUpdated(
                ID,
                null,
                null,
                null,
                null,
                null,
                new io.caasoperator.persistence.secret.SealedContent("n", "c", "hmac-sha256:2"),
                REVISION_3_MADE));
    RevisionsInUse revisionOneTracked = (id, revision) -> id.equals(ID) && revision == 1;

    assertThat(SecretSchedule.due(owner, REVISION_3_MADE, revisionOneTracked))
        .as("a consumer still reads revision 1")
        .isEmpty();
    assertThat(SecretSchedule.due(owner, REVISION_3_MADE, RevisionsInUse.NONE))
        .extracting(SecretTrigger::kind, SecretTrigger::revision)
        .containsExactly(org.assertj.core.groups.Tuple.tuple(HookKind.SECRET_REMOVE, 1));
  }
}
