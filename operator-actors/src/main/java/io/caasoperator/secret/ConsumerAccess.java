package io.caasoperator.secret;

import java.util.Map;

/**
 * Whether a unit may read a secret of another owner, as Juju's access rules have it (juju {@code
 * apiserver/common/secrets} {@code CanRead}; {@code domain/secret} grants scoped by a relation): a
 * grant over a relation lets the application at its other end read the secret, all its units or
 * only the one named, for as long as the relation exists (Juju removes the relation's grants with
 * it); a grant to an application (a user secret) lets its units read it. Pure.
 */
public final class ConsumerAccess {

  /** Juju's {@code ErrPerm} text, which {@code secret-get} prints for a secret not granted. */
  public static final String PERMISSION_DENIED = "permission denied";

  private ConsumerAccess() {}

  /**
   * @param unit the consumer unit ({@code client/0})
   * @param related the relations the unit takes part in now (not broken), by id, each with the
   *     application at its other end
   */
  public static boolean allowed(ForeignSecret secret, String unit, Map<Long, String> related) {
    String application = unit.substring(0, unit.lastIndexOf('/'));
    for (ForeignSecret.Access access : secret.access()) {
      boolean granted =
          switch (access) {
            case ForeignSecret.Access.OverRelation r ->
                secret.application().equals(related.get(r.relationId()))
                    && (r.unit().isEmpty() || r.unit().equals(unit));
            case ForeignSecret.Access.ToApplication a -> a.application().equals(application);
          };
      if (granted) return true;
    }
    return false;
  }
}
