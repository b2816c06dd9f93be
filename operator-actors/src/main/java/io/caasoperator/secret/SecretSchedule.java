package io.caasoperator.secret;

import io.caasoperator.persistence.HookKind;
import io.caasoperator.persistence.secret.SecretEvent;
import io.caasoperator.persistence.secret.SecretTrigger;
import io.caasoperator.persistence.secret.SecretsState;
import io.caasoperator.persistence.secret.SecretsState.Revision;
import io.caasoperator.persistence.secret.SecretsState.Secret;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * When the owner's secret hooks fall due, decided from the secrets' journaled state and the time
 * alone (so a restart finds the same triggers due, and one whose hook completed is not due any
 * more: its completion is journaled as {@link #completed}). As Juju 3.6:
 *
 * <ul>
 *   <li>{@code secret-rotate} at the secret's next rotation time; after the hook, the next one is
 *       the policy's period from then when the hook made a new revision, {@link
 *       #ROTATE_RETRY_DELAY} from then when it did not (or when the latest revision expires before
 *       the policy's time) (juju {@code domain/secret/service}, {@code SecretRotated}; {@code
 *       core/secrets/secret.go}, {@code RotateRetryDelay}).
 *   <li>{@code secret-expired} at a revision's expiry time, then every {@link #EXPIRE_RETRY_DELAY}
 *       until the charm removes the revision (juju {@code internal/worker/secretexpire}: "the
 *       expire hook will run until it does").
 *   <li>{@code secret-remove} once per revision that is no longer in use: a revision is obsolete
 *       once a newer one exists and no consumer tracks it ({@link RevisionsInUse}); the hook runs
 *       once whether or not the charm removes the revision (juju {@code
 *       internal/worker/uniter/secrets/resolver.go} skips the obsolete revisions it processed).
 * </ul>
 *
 * Within a secret, triggers come expiry first, then rotation, then removal, as Juju's resolver
 * orders them.
 */
public final class SecretSchedule {

  /** Juju's {@code RotateRetryDelay}: a rotation that made no new revision is asked for again. */
  public static final Duration ROTATE_RETRY_DELAY = Duration.ofMinutes(5);

  /** Juju's {@code ExpireRetryDelay}: an expired revision not removed is reported again. */
  public static final Duration EXPIRE_RETRY_DELAY = Duration.ofMinutes(5);

  private SecretSchedule() {}

  /**
   * When a rotate policy ({@code secret-add --rotate}) asks for the next rotation after {@code
   * from}; empty for {@code never} or none. Days, months and years are calendar ones in UTC, as
   * Juju's Go {@code AddDate} counts them (juju {@code core/secrets/rotate.go}, {@code
   * NextRotateTime}).
   */
  public static Optional<Instant> nextRotation(String policy, Instant from) {
    if (policy == null) return Optional.empty();
    ZonedDateTime utc = from.atZone(ZoneOffset.UTC);
    return switch (policy) {
      case "hourly" -> Optional.of(from.plus(Duration.ofHours(1)));
      case "daily" -> Optional.of(utc.plusDays(1).toInstant());
      case "weekly" -> Optional.of(utc.plusDays(7).toInstant());
      case "monthly" -> Optional.of(utc.plusMonths(1).toInstant());
      case "quarterly" -> Optional.of(utc.plusMonths(3).toInstant());
      case "yearly" -> Optional.of(utc.plusYears(1).toInstant());
      default -> Optional.empty();
    };
  }

  /** Every trigger due at {@code now}, per secret in id order, with no consumer anywhere. */
  public static List<SecretTrigger> due(SecretsState state, Instant now) {
    return due(state, now, RevisionsInUse.NONE);
  }

  /**
   * Every trigger due at {@code now}, per secret in id order; a revision a consumer tracks ({@code
   * inUse}) is not obsolete yet.
   */
  public static List<SecretTrigger> due(SecretsState state, Instant now, RevisionsInUse inUse) {
    List<SecretTrigger> due = new ArrayList<>();
    for (Secret secret : state.secrets().values()) {
      for (SecretTrigger trigger : triggers(secret, inUse)) {
        if (!trigger.due().isAfter(now)) due.add(trigger);
      }
    }
    return due;
  }

  /** When the next trigger falls due after {@code now}; empty when none ever will. */
  public static Optional<Instant> next(SecretsState state, Instant now) {
    return state.secrets().values().stream()
        .flatMap(secret -> triggers(secret, RevisionsInUse.NONE).stream())
        .map(SecretTrigger::due)
        .filter(due -> due.isAfter(now))
        .min(Instant::compareTo);
  }

  /**
   * What the journal records once the hook of {@code trigger} completed at {@code now}, judged
   * against {@code state} after the hook's own secret changes: empty when the secret or revision is
   * gone (nothing left to schedule) or it no longer rotates.
   */
  public static Optional<SecretEvent> completed(
      SecretsState state, SecretTrigger trigger, Instant now) {
    // a consumer's secret-changed: the secret is another owner's; the unit has seen the revision
    if (trigger.kind() == HookKind.SECRET_CHANGED)
      return Optional.of(
          new SecretEvent.SecretChangeSeen(
              trigger.id(), trigger.owner().name(), trigger.revision(), now));
    Optional<Secret> found = state.find(trigger.id());
    if (found.isEmpty()) return Optional.empty();
    Secret secret = found.get();
    return switch (trigger.kind()) {
      case SECRET_ROTATE ->
          nextRotation(secret, trigger.revision(), now)
              .map(next -> new SecretEvent.SecretRotated(secret.id(), next, now));
      case SECRET_EXPIRED ->
          secret
              .revision(trigger.revision())
              .map(
                  r ->
                      new SecretEvent.SecretExpiryNotified(
                          secret.id(), r.revision(), now.plus(EXPIRE_RETRY_DELAY), now));
      case SECRET_REMOVE ->
          secret
              .revision(trigger.revision())
              .map(r -> new SecretEvent.SecretRemovalNotified(secret.id(), r.revision(), now));
      case INSTALL,
          LEADER_ELECTED,
          LEADER_SETTINGS_CHANGED,
          CONFIG_CHANGED,
          START,
          UPGRADE_CHARM,
          PEBBLE_READY,
          UPDATE_STATUS,
          STOP,
          REMOVE,
          STORAGE_ATTACHED,
          STORAGE_DETACHING,
          RELATION_CREATED,
          RELATION_JOINED,
          RELATION_CHANGED,
          RELATION_DEPARTED,
          RELATION_BROKEN,
          PEBBLE_CUSTOM_NOTICE,
          PEBBLE_CHECK_FAILED,
          PEBBLE_CHECK_RECOVERED,
          SECRET_CHANGED ->
          Optional.empty();
    };
  }

  /**
   * Juju's {@code SecretRotated}: the policy's period from now, unless the hook made no new
   * revision, or the latest revision expires before that time (and after the retry delay): then the
   * retry delay from now.
   */
  private static Optional<Instant> nextRotation(Secret secret, int originalRevision, Instant now) {
    Optional<Instant> policyTime = nextRotation(secret.rotatePolicy(), now);
    if (policyTime.isEmpty()) return Optional.empty();
    Instant next = policyTime.get();
    Instant forced = now.plus(ROTATE_RETRY_DELAY);
    Instant expires = secret.latest().map(Revision::expiry).orElse(null);
    boolean willExpire = expires != null && expires.isBefore(next);
    if ((willExpire && forced.isBefore(expires)) || secret.latestRevision() == originalRevision)
      next = forced;
    return Optional.of(next);
  }

  /** The secret's triggers, due or not: expiry first, then rotation, then removal. */
  private static List<SecretTrigger> triggers(Secret secret, RevisionsInUse inUse) {
    List<SecretTrigger> triggers = new ArrayList<>();
    for (Revision r : secret.revisions()) {
      Instant due = r.expiryDue();
      if (due != null) triggers.add(trigger(HookKind.SECRET_EXPIRED, secret, r.revision(), due));
    }
    if (secret.nextRotation() != null
        && nextRotation(secret.rotatePolicy(), secret.nextRotation()).isPresent()) {
      triggers.add(
          trigger(HookKind.SECRET_ROTATE, secret, secret.latestRevision(), secret.nextRotation()));
    }
    List<Revision> kept = secret.revisions();
    for (int i = 0; i + 1 < kept.size(); i++) {
      Revision obsolete = kept.get(i);
      // obsolete since the next kept revision was made, once no consumer tracks it
      if (!obsolete.removalNotified() && !inUse.inUse(secret.id(), obsolete.revision()))
        triggers.add(
            trigger(
                HookKind.SECRET_REMOVE, secret, obsolete.revision(), kept.get(i + 1).created()));
    }
    return triggers;
  }

  private static SecretTrigger trigger(HookKind kind, Secret secret, int revision, Instant due) {
    return new SecretTrigger(kind, secret.id(), secret.owner(), secret.label(), revision, due);
  }
}
