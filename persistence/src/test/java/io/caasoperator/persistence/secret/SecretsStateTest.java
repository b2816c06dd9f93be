package io.caasoperator.persistence.secret;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class SecretsStateTest {
  private static final Instant T0 = Instant.parse("2026-11-23T10:00:00Z");
  private static final String ID = "d0j7ha3q1c4s73d2fa9g";
  private static final SecretOwner APP = SecretOwner.application("hello");

  private static SealedContent sealed(String digest) {
    return new SealedContent("n", "c", digest);
  }

  private static SecretsState created() {
    return SecretsState.EMPTY.apply(
        new SecretEvent.SecretCreated(ID, APP, "db", null, null, null, null, sealed("1"), T0));
  }

  @Test
  void aCreatedSecretHasRevisionOneAndIsFoundByIdAndByItsOwnersLabel() {
    SecretsState state = created();
    SecretsState.Secret secret = state.find(ID).orElseThrow();
    assertThat(secret.latestRevision()).isEqualTo(1);
    assertThat(secret.latest().orElseThrow().content().digest()).isEqualTo("1");
    assertThat(secret.uri()).isEqualTo("secret:" + ID);
    assertThat(state.byLabel(APP, "db")).contains(secret);
    assertThat(state.byLabel(SecretOwner.unit("hello/0"), "db")).isEmpty();
  }

  @Test
  void newContentMakesTheNextRevisionAndMetadataAloneMakesNone() {
    SecretsState state =
        created()
            .apply(
                new SecretEvent.SecretUpdated(
                    ID, null, "about", null, null, null, sealed("2"), T0.plusSeconds(1)))
            .apply(
                new SecretEvent.SecretUpdated(
                    ID, "renamed", null, null, null, null, null, T0.plusSeconds(2)));
    SecretsState.Secret secret = state.find(ID).orElseThrow();
    assertThat(secret.latestRevision()).isEqualTo(2);
    assertThat(secret.revisions())
        .extracting(SecretsState.Revision::revision)
        .containsExactly(1, 2);
    assertThat(secret.label()).isEqualTo("renamed");
    assertThat(secret.description()).isEqualTo("about");
    assertThat(secret.updated()).isEqualTo(T0.plusSeconds(2));
  }

  @Test
  void removingOneRevisionKeepsTheOthersAndItsNumberIsNeverReused() {
    SecretsState state =
        created()
            .apply(new SecretEvent.SecretUpdated(ID, null, null, null, null, null, sealed("2"), T0))
            .apply(new SecretEvent.SecretRemoved(ID, 2, T0))
            .apply(
                new SecretEvent.SecretUpdated(ID, null, null, null, null, null, sealed("3"), T0));
    assertThat(state.find(ID).orElseThrow().revisions())
        .extracting(SecretsState.Revision::revision)
        .containsExactly(1, 3);
  }

  @Test
  void removingTheSecretOrItsLastRevisionRemovesIt() {
    assertThat(created().apply(new SecretEvent.SecretRemoved(ID, null, T0)).secrets()).isEmpty();
    assertThat(created().apply(new SecretEvent.SecretRemoved(ID, 1, T0)).secrets()).isEmpty();
  }

  @Test
  void changesToAnUnknownSecretChangeNothing() {
    assertThat(SecretsState.EMPTY.apply(new SecretEvent.SecretRemoved(ID, null, T0)))
        .isEqualTo(SecretsState.EMPTY);
    assertThat(
            SecretsState.EMPTY.apply(
                new SecretEvent.SecretUpdated(ID, "x", null, null, null, null, null, T0)))
        .isEqualTo(SecretsState.EMPTY);
  }

  @Test
  void aRemovedConsumerRecordIsForgottenAndTheUnitsOtherRecordsStay() {
    String other = "d0j7ha3q1c4s73d2fb00";
    SecretsState state =
        SecretsState.EMPTY
            .apply(new SecretEvent.SecretConsumed(ID, "client/0", 2, "creds", T0))
            .apply(new SecretEvent.SecretConsumed(other, "client/0", 1, "", T0))
            .apply(new SecretEvent.SecretConsumerRemoved(ID, "client/0", T0));
    assertThat(state.consumption("client/0", ID)).isEmpty();
    assertThat(state.consumedByLabel("client/0", "creds")).isEmpty();
    assertThat(state.consumption("client/0", other)).isPresent();
  }

  @Test
  void sealedContentNeverPrintsItsCiphertext() {
    assertThat(new SealedContent("nonce", "CIPHER", "hmac-sha256:ab").toString())
        .doesNotContain("CIPHER")
        .contains("hmac-sha256:ab");
  }
}
