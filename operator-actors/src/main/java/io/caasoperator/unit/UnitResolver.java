package io.caasoperator.unit;

import io.caasoperator.domain.Life;
import io.caasoperator.persistence.HookKind;
import io.caasoperator.persistence.PlannedHook;
import io.caasoperator.persistence.UnitState;

/**
 * Decides a unit's next step from its state alone, in the order charm authors expect: install,
 * leader-elected, config-changed, start, then pebble-ready per container start and
 * update-status; upgrade-charm (then config-changed) when the charm changed; stop then remove when
 * dying. Pure, so the order is unit-tested without actors or processes.
 */
public final class UnitResolver {
  private UnitResolver() {}

  /** What the unit does next. */
  public sealed interface Next {
    /** Run a hook (persist HookStarted first); switch the charm view first when asked. */
    record Run(PlannedHook hook, int attempt, boolean switchCharm) implements Next {}

    /** Point the charm view at the assigned charm without a hook (the unit is not installed yet). */
    record SwitchCharm() implements Next {}

    /** Dying before anything was installed: nothing to stop or remove. */
    record Die() implements Next {}

    /** Nothing to do now: idle, waiting for a charm, or waiting to retry a failed hook. */
    record Wait() implements Next {}
  }

  private static final Next WAIT = new Next.Wait();

  /**
   * @param hookInFlight this incarnation of the actor has a hook process running
   * @param retryNow the retry delay of a failed hook elapsed, or a user asked to retry
   * @param updateStatusDue the update-status interval elapsed since the last one
   */
  public static Next next(UnitState s, boolean hookInFlight, boolean retryNow, boolean updateStatusDue) {
    if (s.isDead() || hookInFlight) return WAIT;
    if (s.running() != null) {
      // HookStarted without an end: the process was interrupted (crash, restart); run it again.
      return new Next.Run(s.running().hook(), s.running().attempt(), false);
    }
    if (s.charmInUse() == null) return WAIT;
    boolean newCharm = s.assigned().charm().generation() > s.charmInUse().generation();
    if (s.failed() != null) {
      // A new charm may fix the failure: switch to it and retry at once.
      if (!retryNow && !newCharm) return WAIT;
      PlannedHook again = refreshed(s.failed().hook(), s);
      return new Next.Run(again, s.failed().attempt() + 1, newCharm);
    }
    if (!s.progress().installed()) {
      if (s.life() == Life.DYING) return new Next.Die();
      if (newCharm) return new Next.SwitchCharm();
      return run(HookKind.INSTALL, s);
    }
    if (s.life() == Life.ALIVE && s.progress().upgradedTo() < s.assigned().charm().generation()) {
      return new Next.Run(PlannedHook.of(HookKind.UPGRADE_CHARM, s.assigned().charm().generation(), s.assigned().configGeneration()), 1, newCharm);
    }
    if (s.life() == Life.DYING) {
      return run(s.progress().stopped() ? HookKind.REMOVE : HookKind.STOP, s);
    }
    if (s.assigned().leader() && !s.progress().leaderElectedSeen()) return run(HookKind.LEADER_ELECTED, s);
    if (s.progress().configSeen() != s.assigned().configGeneration()) return run(HookKind.CONFIG_CHANGED, s);
    if (!s.progress().started()) return run(HookKind.START, s);
    if (!s.assigned().leader() && s.progress().leaderSettingsSeen() != s.assigned().leaderSettingsGeneration()) {
      return run(HookKind.LEADER_SETTINGS_CHANGED, s);
    }
    // only containers the charm declares get pebble-ready, in metadata.yaml order
    for (String container : s.charmInUse().containers()) {
      String start = s.observed().containerStarts().get(container);
      if (start != null && !start.equals(s.progress().containersReady().get(container))) {
        return new Next.Run(
            new PlannedHook(HookKind.PEBBLE_READY, container, start, s.charmInUse().generation(), s.assigned().configGeneration()), 1, false);
      }
    }
    if (updateStatusDue) return run(HookKind.UPDATE_STATUS, s);
    return WAIT;
  }

  private static Next run(HookKind kind, UnitState s) {
    return new Next.Run(PlannedHook.of(kind, s.charmInUse().generation(), s.assigned().configGeneration()), 1, false);
  }

  /** A retried hook runs with what is assigned now (the newest charm and config). */
  private static PlannedHook refreshed(PlannedHook hook, UnitState s) {
    long charm = Math.max(hook.charmGeneration(), s.assigned().charm().generation());
    return new PlannedHook(hook.kind(), hook.workload(), hook.containerStart(), charm, s.assigned().configGeneration());
  }
}
