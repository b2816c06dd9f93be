package io.caasoperator.secret;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.persistence.secret.SecretOwner;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Who may read a secret of another owner, as Juju's grants scoped by a relation allow it. */
class ConsumerAccessTest {

  private static ForeignSecret ownedByDb(ForeignSecret.Access... access) {
    return new ForeignSecret(
        "d0j7ha3q1c4s73d2fa9g",
        SecretOwner.application("db"),
        "db",
        1,
        Instant.EPOCH,
        List.of(access),
        revision -> Optional.empty());
  }

  private static final Map<Long, String> IN_RELATION_7_WITH_DB = Map.of(7L, "db");

  @Test
  void aGrantOverARelationLetsEveryUnitAtItsOtherEndRead() {
    ForeignSecret secret = ownedByDb(new ForeignSecret.Access.OverRelation(7, ""));
    assertThat(ConsumerAccess.allowed(secret, "client/0", IN_RELATION_7_WITH_DB)).isTrue();
    assertThat(ConsumerAccess.allowed(secret, "client/3", IN_RELATION_7_WITH_DB)).isTrue();
  }

  @Test
  void aGrantToOneUnitLetsOnlyThatUnitRead() {
    ForeignSecret secret = ownedByDb(new ForeignSecret.Access.OverRelation(7, "client/1"));
    assertThat(ConsumerAccess.allowed(secret, "client/1", IN_RELATION_7_WITH_DB)).isTrue();
    assertThat(ConsumerAccess.allowed(secret, "client/0", IN_RELATION_7_WITH_DB)).isFalse();
  }

  @Test
  void noGrantARevokedOneOrAGoneRelationIsNoAccess() {
    assertThat(ConsumerAccess.allowed(ownedByDb(), "client/0", IN_RELATION_7_WITH_DB)).isFalse();
    ForeignSecret granted = ownedByDb(new ForeignSecret.Access.OverRelation(7, ""));
    assertThat(ConsumerAccess.allowed(granted, "client/0", Map.of()))
        .as("the relation was removed (or is being broken)")
        .isFalse();
    assertThat(ConsumerAccess.allowed(granted, "client/0", Map.of(8L, "db")))
        .as("another relation with the owner")
        .isFalse();
  }

  @Test
  void aRelationWithAnotherApplicationOfTheSameIdGivesNothing() {
    // relation 7 of this unit is with "cache", not with the secret's owner
    ForeignSecret secret = ownedByDb(new ForeignSecret.Access.OverRelation(7, ""));
    assertThat(ConsumerAccess.allowed(secret, "client/0", Map.of(7L, "cache"))).isFalse();
  }

  @Test
  void aGrantToAnApplicationLetsItsUnitsReadWithoutARelation() {
    ForeignSecret user =
        new ForeignSecret(
            "d0j7ha3q1c4s73d2fa9g",
            SecretOwner.application("db"),
            "",
            1,
            Instant.EPOCH,
            List.of(new ForeignSecret.Access.ToApplication("client")),
            revision -> Optional.empty());
    assertThat(ConsumerAccess.allowed(user, "client/2", Map.of())).isTrue();
    assertThat(ConsumerAccess.allowed(user, "other/0", Map.of())).isFalse();
  }
}
