package io.caasoperator.config;

import io.caasoperator.persistence.HookKind;
import io.caasoperator.persistence.PlannedHook;
import io.caasoperator.persistence.UnitState;
import io.caasoperator.resolve.HookSource;
import java.util.Optional;

/**
 * {@code config-changed} whenever the config generation assigned to an alive unit differs from the
 * one its last config-changed ran for: once after install (before start), after each config change
 * and after each upgrade-charm (which marks the config unseen), as Juju's uniter resolver runs it
 * when {@code localState.ConfigHash != remoteState.ConfigHash} ({@code
 * internal/worker/uniter/resolver.go} {@code nextOp}). Pure.
 */
public final class ConfigResolver {
  private ConfigResolver() {}

  public static Optional<PlannedHook> next(UnitState s) {
    if (s.progress().configSeen() == s.assigned().configGeneration()) return Optional.empty();
    return Optional.of(HookSource.plain(HookKind.CONFIG_CHANGED, s));
  }
}
