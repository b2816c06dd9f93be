package io.caasoperator.persistence.secret;

import io.caasoperator.persistence.HookKind;
import java.time.Instant;
import java.util.Objects;

/**
 * A secret hook that fell due for the secret's owner: {@code secret-rotate} when the rotation
 * policy asks for a new revision, {@code secret-expired} when a revision's expiry passed, {@code
 * secret-remove} when a revision is no longer in use. Juju's uniter hears of the same through its
 * remote state ({@code SecretRotations}, {@code ExpiredSecretRevisions}, {@code
 * ObsoleteSecretRevisions}; juju {@code internal/worker/uniter/secrets/resolver.go}). Two triggers
 * are the same occurrence when they are equal: {@code due} tells a retry from the first time.
 *
 * @param kind {@code SECRET_ROTATE}, {@code SECRET_EXPIRED} or {@code SECRET_REMOVE}
 * @param id the secret's id (without {@code secret:})
 * @param owner who runs the hook: the leader for the application's secrets, the unit for its own
 * @param label the owner's label when it fell due; empty when none ({@code JUJU_SECRET_LABEL})
 * @param revision the expired or obsolete revision; for rotate, the latest revision when it fell
 *     due (a rotation that made no newer one is retried)
 * @param due when it fell due
 */
public record SecretTrigger(
    HookKind kind, String id, SecretOwner owner, String label, int revision, Instant due) {

  public SecretTrigger {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(owner, "owner");
    Objects.requireNonNull(due, "due");
    label = label == null ? "" : label;
  }

  /** The URI the hook's {@code JUJU_SECRET_ID} names. */
  public String uri() {
    return "secret:" + id;
  }

  /**
   * The revision {@code JUJU_SECRET_REVISION} names: none (0) for rotate, as Juju's hook info has
   * no revision for it.
   */
  public int hookRevision() {
    return kind == HookKind.SECRET_ROTATE ? 0 : revision;
  }
}
