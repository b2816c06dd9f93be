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
      Objects.requireNonNull(id, "id");
      Objects.requireNonNull(owner, "owner");
      Objects.requireNonNull(content, "content");
      Objects.requireNonNull(at, "at");
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
      Objects.requireNonNull(id, "id");
      Objects.requireNonNull(at, "at");
    }
  }

  /** {@code secret-remove}: one revision, or ({@code revision} null) the whole secret. */
  @StableName("secret.SecretRemoved.v1")
  record SecretRemoved(String id, Integer revision, Instant at) implements SecretEvent {
    public SecretRemoved {
      Objects.requireNonNull(id, "id");
      Objects.requireNonNull(at, "at");
    }
  }
}
