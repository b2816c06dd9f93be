package io.caasoperator.unit;

import io.caasoperator.persistence.PlannedHook;
import io.caasoperator.persistence.UnitState;
import java.util.Optional;

/**
 * Which secret hook ({@code secret-rotate}, {@code secret-expired}, {@code secret-remove}) the unit
 * runs next: the oldest waiting trigger. The resolver asks only once the unit is installed and
 * started and is not dying, as Juju's secrets resolver runs only for an installed unit that is not
 * dying (juju {@code internal/worker/uniter/secrets/resolver.go}).
 */
final class SecretHookResolver {
  private SecretHookResolver() {}

  static Optional<PlannedHook> next(UnitState s) {
    return s.observed().secretTriggers().stream()
        .findFirst()
        .map(
            trigger ->
                PlannedHook.secret(
                    trigger, s.charmInUse().generation(), s.assigned().configGeneration()));
  }
}
