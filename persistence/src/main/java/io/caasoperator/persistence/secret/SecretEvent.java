package io.caasoperator.persistence.secret;

import io.caasoperator.persistence.JournalEvent;
import io.caasoperator.persistence.StableName;
import java.time.Instant;
import java.util.Objects;

/**
 * What the application's secret journal ({@code secrets|<app>}) records: the committed changes of
 * hooks that completed (Juju applies a hook's secret changes when the hook commits). Content is
 * only ever {@link SealedContent}.
 */
public sealed interface SecretEvent extends JournalEvent {
  /** The secret's id, the 20 characters after {@code secret:}. */
  String id();

  Instant at();

  /**
   * {@code secret-add}: revision 1 of a new secret.
   *
   * @param label null when none was given
   * @param description null when none was given
   * @param expiry when revision 1 expires; null for never
   * @param rotatePolicy {@code never}, {@code hourly}, ... ({@code secret-add --rotate}); null for
   *     none
   * @param nextRotation when the rotate policy next asks the owner to rotate; null for never
   */
  @StableName("secret.SecretCreated.v1")
  record SecretCreated(
      String id,
      SecretOwner owner,
      String label,
      String description,
      Instant expiry,
      String rotatePolicy,
      Instant nextRotation,
      SealedContent content,
      Instant at)
      implements SecretEvent {
    public SecretCreated {
      requireIdAndTime(id, at);
      Objects.requireNonNull(owner, "owner");
      Objects.requireNonNull(content, "content");
    }
  }

  /**
   * {@code secret-set}: each non-null field replaces the secret's; new content makes a new revision
   * (the next number), whose expiry is {@code expiry}.
   */
  @StableName("secret.SecretUpdated.v1")
  record SecretUpdated(
      String id,
      String label,
      String description,
      Instant expiry,
      String rotatePolicy,
      Instant nextRotation,
      SealedContent content,
      Instant at)
      implements SecretEvent {
    public SecretUpdated {
      requireIdAndTime(id, at);
    }
  }

  /** {@code secret-remove}: one revision, or ({@code revision} null) the whole secret. */
  @StableName("secret.SecretRemoved.v1")
  record SecretRemoved(String id, Integer revision, Instant at) implements SecretEvent {
    public SecretRemoved {
      requireIdAndTime(id, at);
    }
  }

  /**
   * The owner's {@code secret-rotate} hook completed: the next rotation is due at {@code
   * nextRotation} (the policy's period when the hook made a new revision, Juju's retry delay when
   * it did not).
   */
  @StableName("secret.SecretRotated.v1")
  record SecretRotated(String id, Instant nextRotation, Instant at) implements SecretEvent {
    public SecretRotated {
      requireIdAndTime(id, at);
      Objects.requireNonNull(nextRotation, "nextRotation");
    }
  }

  /**
   * The owner's {@code secret-expired} hook for {@code revision} completed; it runs again at {@code
   * retryAt} unless the revision is removed by then (Juju's expiry worker repeats it until the
   * charm removes the revision).
   */
  @StableName("secret.SecretExpiryNotified.v1")
  record SecretExpiryNotified(String id, int revision, Instant retryAt, Instant at)
      implements SecretEvent {
    public SecretExpiryNotified {
      requireIdAndTime(id, at);
      Objects.requireNonNull(retryAt, "retryAt");
    }
  }

  /**
   * The owner's {@code secret-remove} hook for the obsolete {@code revision} completed: it does not
   * run again for it (Juju's uniter records the obsolete revisions it has processed), whether or
   * not the charm removed the revision.
   */
  @StableName("secret.SecretRemovalNotified.v1")
  record SecretRemovalNotified(String id, int revision, Instant at) implements SecretEvent {
    public SecretRemovalNotified {
      requireIdAndTime(id, at);
    }
  }

  /**
   * {@code secret-grant}: access in the context of {@code relation} ({@code <endpoint>:<id>}) to
   * the related application, or only to {@code unit} (empty: the whole application).
   */
  @StableName("secret.SecretGranted.v1")
  record SecretGranted(String id, String relation, String unit, Instant at) implements SecretEvent {
    public SecretGranted {
      requireIdAndTime(id, at);
      unit = grantee(relation, unit);
    }
  }

  /** {@code secret-revoke}: the grant of the same relation and unit is taken away. */
  @StableName("secret.SecretRevoked.v1")
  record SecretRevoked(String id, String relation, String unit, Instant at) implements SecretEvent {
    public SecretRevoked {
      requireIdAndTime(id, at);
      unit = grantee(relation, unit);
    }
  }

  /**
   * A unit of this application read another owner's secret for the first time, with {@code
   * --refresh}, or gave it a consumer label ({@code secret-get --label}): it tracks {@code
   * revision} now (Juju's {@code SaveSecretConsumer}, juju {@code
   * apiserver/facades/agent/secretsmanager/secrets.go} {@code getConsumedRevision}). Recorded when
   * the reading hook completes.
   *
   * @param label the consumer label given; null or empty to keep the one it had
   */
  @StableName("secret.SecretConsumed.v1")
  record SecretConsumed(String id, String unit, int revision, String label, Instant at)
      implements SecretEvent {
    public SecretConsumed {
      requireIdAndTime(id, at);
      Objects.requireNonNull(unit, "unit");
    }
  }

  /**
   * The consumer unit {@code unit}'s {@code secret-changed} hook for {@code revision} of another
   * owner's secret completed: it does not run again for that revision (juju {@code
   * internal/worker/uniter/secrets/resolver.go} compares the consumed revision it recorded).
   */
  @StableName("secret.SecretChangeSeen.v1")
  record SecretChangeSeen(String id, String unit, int revision, Instant at) implements SecretEvent {
    public SecretChangeSeen {
      requireIdAndTime(id, at);
      Objects.requireNonNull(unit, "unit");
    }
  }

  /**
   * The consumer unit {@code unit} no longer tracks another owner's secret {@code id}: its
   * application was removed from the model (Juju deletes an application's consumer records with it:
   * {@code state/application.go} {@code DestroyApplicationOperation.deleteSecrets}, {@code
   * RemoveSecretConsumer}), so a unit of that name deployed later reads it afresh.
   */
  @StableName("secret.SecretConsumerRemoved.v1")
  record SecretConsumerRemoved(String id, String unit, Instant at) implements SecretEvent {
    public SecretConsumerRemoved {
      requireIdAndTime(id, at);
      Objects.requireNonNull(unit, "unit");
    }
  }

  /** What every secret event names: its secret, and when it happened. */
  private static void requireIdAndTime(String id, Instant at) {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(at, "at");
  }

  /**
   * Who a grant or revoke in the context of {@code relation} is for: {@code unit}, or the whole
   * related application (empty).
   */
  private static String grantee(String relation, String unit) {
    Objects.requireNonNull(relation, "relation");
    return unit == null ? "" : unit;
  }
}
