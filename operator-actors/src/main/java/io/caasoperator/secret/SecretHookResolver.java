package io.caasoperator.secret;

import io.caasoperator.persistence.PlannedHook;
import io.caasoperator.persistence.UnitState;
import io.caasoperator.persistence.secret.SecretOwner;
import java.util.Optional;

/**
 * Which secret hook ({@code secret-rotate}, {@code secret-expired}, {@code secret-remove}) the unit
 * runs next: the oldest waiting trigger the unit still owns. The resolver asks only once the unit
 * is installed and started and is not dying, as Juju's secrets resolver runs only for an installed
 * unit that is not dying (juju {@code internal/worker/uniter/secrets/resolver.go}). A trigger of an
 * application secret queued while the unit led waits while it does not (its tools could not manage
 * the secret; the new leader is handed the trigger by the store).
 */
public final class SecretHookResolver {
  private SecretHookResolver() {}

  public static Optional<PlannedHook> next(UnitState s) {
    return s.observed().secretTriggers().stream()
        .filter(trigger -> trigger.owner().kind() == SecretOwner.Kind.UNIT || s.assigned().leader())
        .findFirst()
        .map(
            trigger ->
                PlannedHook.secret(
                    trigger, s.charmInUse().generation(), s.assigned().configGeneration()));
  }
}
