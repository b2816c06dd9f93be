package io.caasoperator.lifecycle;

import io.caasoperator.domain.Life;
import io.caasoperator.persistence.HookKind;
import io.caasoperator.persistence.PlannedHook;
import io.caasoperator.persistence.UnitState;
import io.caasoperator.resolve.HookSource;
import java.util.Optional;

/**
 * The lifecycle hooks of an installed unit that are not about one feature: {@code start} once per
 * incarnation of an alive unit, and for a dying one {@code stop} then {@code remove}, as Juju's
 * uniter resolver runs them ({@code internal/worker/uniter/resolver.go} {@code nextOp}: {@code
 * localState.Started && !localState.Stopped} runs stop, then {@code Installed && !Removed} runs
 * remove). install and upgrade-charm come before every source ({@code UnitResolver}). Pure.
 */
public final class LifecycleResolver {
  private LifecycleResolver() {}

  /** {@code start}, once: an alive unit that has not started yet. */
  public static Optional<PlannedHook> start(UnitState s) {
    if (s.life() != Life.ALIVE || s.progress().started()) return Optional.empty();
    return Optional.of(HookSource.plain(HookKind.START, s));
  }

  /**
   * A dying unit's last hooks: {@code stop}, then {@code remove}, after which it is dead. Always
   * one of them for a dying unit, so sources after it are never asked.
   */
  public static Optional<PlannedHook> teardown(UnitState s) {
    if (s.life() != Life.DYING) return Optional.empty();
    return Optional.of(
        HookSource.plain(s.progress().stopped() ? HookKind.REMOVE : HookKind.STOP, s));
  }
}
