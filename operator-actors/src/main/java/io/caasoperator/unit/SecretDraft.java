package io.caasoperator.unit;

import io.caasoperator.secret.SecretChange;
import java.util.ArrayList;
import java.util.List;

/**
 * The secret changes of the context a unit runs now, kept by its actor (never journaled: a hook
 * interrupted by a crash runs again and makes them again) until the context ends: committed to the
 * secret store when it succeeded, dropped when it failed, as Juju's hook context flushes.
 *
 * @param contextId the context the changes belong to
 */
record SecretDraft(String contextId, List<SecretChange> changes) {

  static final SecretDraft NONE = new SecretDraft("", List.of());

  SecretDraft {
    changes = List.copyOf(changes);
  }

  /** The changes of {@code context}: none when it is not the one drafted. */
  List<SecretChange> of(String context) {
    return context.equals(contextId) ? changes : List.of();
  }

  /** With {@code more} changes of {@code context} (a new context starts a new draft). */
  SecretDraft plus(String context, List<SecretChange> more) {
    List<SecretChange> all = new ArrayList<>(of(context));
    all.addAll(more);
    return new SecretDraft(context, all);
  }
}
