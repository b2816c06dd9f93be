package io.caasoperator.secret;

/**
 * Which revisions of a secret some consumer still tracks: such a revision is not obsolete, so its
 * owner is not asked to remove it ({@code secret-remove}) until every consumer has moved on, as
 * Juju's {@code WatchObsolete} reports "a secret revision owned by the entity [that] no longer has
 * any consumers" (juju {@code apiserver/facades/agent/secretsmanager/secrets.go}).
 */
@FunctionalInterface
public interface RevisionsInUse {

  /** No consumer anywhere (a single application): every older revision is obsolete. */
  RevisionsInUse NONE = (id, revision) -> false;

  boolean inUse(String id, int revision);
}
