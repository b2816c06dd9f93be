package io.caasoperator.secret;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.persistence.HookKind;
import io.caasoperator.persistence.secret.SealedContent;
import io.caasoperator.persistence.secret.SecretEvent;
import io.caasoperator.persistence.secret.SecretOwner;
import io.caasoperator.persistence.secret.SecretTrigger;
import io.caasoperator.persistence.secret.SecretsState;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SecretScheduleTest {
  private static final Instant T0 = Instant.parse("2026-11-23T10:00:00Z");
  private static final String ID = "d0j7ha3q1c4s73d2fa9g";
  private static final SecretOwner APP = SecretOwner.application("app");
  private static final SealedContent SEALED = new SealedContent("n", "c", "hmac-sha256:00");

  private static SecretsState created(Instant expiry, String policy, Instant nextRotation) {
    return SecretsState.EMPTY.apply(
        new SecretEvent.SecretCreated(
            ID, APP, "db", null, expiry, policy, nextRotation, SEALED, T0));
  }

  private static SecretsState newRevision(SecretsState s, Instant at) {
    return s.apply(new SecretEvent.SecretUpdated(ID, null, null, null, null, null, SEALED, at));
  }

  private static SecretTrigger trigger(HookKind kind, int revision, Instant due) {
    return new SecretTrigger(kind, ID, APP, "db", revision, due);
  }

  @Test
  void aRotationFallsDueAtItsTimeAndTheTimerAimsAtIt() {
    Instant hour = T0.plus(Duration.ofHours(1));
    SecretsState s = created(null, "hourly", hour);
    assertThat(SecretSchedule.due(s, T0)).isEmpty();
    assertThat(SecretSchedule.next(s, T0)).contains(hour);
    assertThat(SecretSchedule.due(s, hour))
        .containsExactly(trigger(HookKind.SECRET_ROTATE, 1, hour));
    assertThat(SecretSchedule.next(s, hour)).as("nothing after it").isEmpty();
  }

  @Test
  void aRotationThatMadeNoNewRevisionIsAskedForAgainFiveMinutesLater() {
    Instant hour = T0.plus(Duration.ofHours(1));
    Instant done = hour.plusSeconds(10);
    SecretsState s = created(null, "hourly", hour);
    SecretTrigger rotate = trigger(HookKind.SECRET_ROTATE, 1, hour);

    Optional<SecretEvent> unchanged = SecretSchedule.completed(s, rotate, done);
    assertThat(unchanged)
        .contains(new SecretEvent.SecretRotated(ID, done.plus(Duration.ofMinutes(5)), done));
    SecretsState retried = s.apply(unchanged.orElseThrow());
    assertThat(SecretSchedule.due(retried, done)).as("the completed trigger is not due").isEmpty();
    assertThat(SecretSchedule.due(retried, done.plus(Duration.ofMinutes(5))))
        .containsExactly(trigger(HookKind.SECRET_ROTATE, 1, done.plus(Duration.ofMinutes(5))));

    SecretsState rotated = newRevision(s, done);
    assertThat(SecretSchedule.completed(rotated, rotate, done))
        .as("a new revision: the policy's period from then")
        .contains(new SecretEvent.SecretRotated(ID, done.plus(Duration.ofHours(1)), done));
  }

  @Test
  void aRevisionThatExpiresBeforeTheNextRotationIsRotatedSooner() {
    Instant day = T0.plus(Duration.ofDays(1));
    Instant done = day.plusSeconds(1);
    SecretsState s =
        newRevision(created(null, "daily", day), done)
            .apply(
                new SecretEvent.SecretUpdated(
                    ID, null, null, done.plus(Duration.ofHours(2)), null, null, SEALED, done));
    assertThat(SecretSchedule.completed(s, trigger(HookKind.SECRET_ROTATE, 1, day), done))
        .contains(new SecretEvent.SecretRotated(ID, done.plus(Duration.ofMinutes(5)), done));
  }

  @Test
  void calendarMonthsAndYearsAsJujusAddDate() {
    Instant jan31 = Instant.parse("2027-01-31T12:00:00Z");
    assertThat(SecretSchedule.nextRotation("monthly", jan31))
        .contains(Instant.parse("2027-02-28T12:00:00Z"));
    assertThat(SecretSchedule.nextRotation("quarterly", jan31))
        .contains(Instant.parse("2027-04-30T12:00:00Z"));
    assertThat(SecretSchedule.nextRotation("yearly", jan31))
        .contains(Instant.parse("2028-01-31T12:00:00Z"));
    assertThat(SecretSchedule.nextRotation("never", jan31)).isEmpty();
    assertThat(SecretSchedule.nextRotation(null, jan31)).isEmpty();
  }

  @Test
  void anExpiredRevisionIsReportedEveryFiveMinutesUntilItIsRemoved() {
    Instant expiry = T0.plusSeconds(3);
    SecretsState s = created(expiry, null, null);
    assertThat(SecretSchedule.next(s, T0)).contains(expiry);
    SecretTrigger expired = trigger(HookKind.SECRET_EXPIRED, 1, expiry);
    assertThat(SecretSchedule.due(s, expiry)).containsExactly(expired);

    Instant done = expiry.plusSeconds(1);
    SecretsState notified = s.apply(SecretSchedule.completed(s, expired, done).orElseThrow());
    assertThat(SecretSchedule.due(notified, done)).isEmpty();
    Instant again = done.plus(Duration.ofMinutes(5));
    assertThat(SecretSchedule.due(notified, again))
        .containsExactly(trigger(HookKind.SECRET_EXPIRED, 1, again));

    SecretsState newer = newRevision(s, done);
    SecretsState removed = newer.apply(new SecretEvent.SecretRemoved(ID, 1, done));
    assertThat(SecretSchedule.completed(removed, expired, done))
        .as("the charm removed the revision in its hook: nothing to retry")
        .isEmpty();
    assertThat(SecretSchedule.due(removed, again)).isEmpty();
  }

  @Test
  void anObsoleteRevisionIsReportedOnceWhetherOrNotTheCharmRemovesIt() {
    Instant later = T0.plusSeconds(60);
    SecretsState s = newRevision(created(null, null, null), later);
    SecretTrigger remove = trigger(HookKind.SECRET_REMOVE, 1, later);
    assertThat(SecretSchedule.due(s, T0)).as("not before the newer revision").isEmpty();
    assertThat(SecretSchedule.due(s, later)).containsExactly(remove);

    SecretsState kept = s.apply(SecretSchedule.completed(s, remove, later).orElseThrow());
    assertThat(SecretSchedule.due(kept, later.plus(Duration.ofDays(365)))).isEmpty();
    assertThat(SecretSchedule.next(kept, later)).isEmpty();
    assertThat(kept.find(ID).orElseThrow().revision(1)).as("kept").isPresent();

    SecretsState third = newRevision(kept, later.plusSeconds(1));
    assertThat(SecretSchedule.due(third, later.plusSeconds(1)))
        .as("only the revision that became obsolete now")
        .containsExactly(trigger(HookKind.SECRET_REMOVE, 2, later.plusSeconds(1)));
  }

  @Test
  void aSecretsExpiryComesBeforeItsRotationAndItsRemovals() {
    Instant later = T0.plusSeconds(60);
    SecretsState s = newRevision(created(T0.plusSeconds(1), "hourly", T0.plusSeconds(2)), later);
    assertThat(SecretSchedule.due(s, later))
        .extracting(SecretTrigger::kind)
        .containsExactly(HookKind.SECRET_EXPIRED, HookKind.SECRET_ROTATE, HookKind.SECRET_REMOVE);
    assertThat(SecretSchedule.due(s, later).get(1).revision())
        .as("a rotation names the latest revision when it fell due")
        .isEqualTo(2);
  }
}
