package io.caasoperator.leadership;

import io.caasoperator.persistence.HookKind;
import io.caasoperator.persistence.PlannedHook;
import io.caasoperator.persistence.UnitState;
import io.caasoperator.resolve.HookSource;
import java.util.Optional;

/**
 * The leadership hooks of an alive unit, as Juju's leadership resolver decides them ({@code
 * internal/worker/uniter/leadership/resolver.go}): a leader runs {@code leader-elected} once each
 * time it becomes leader; a follower runs {@code leader-settings-changed} once after install (even
 * for generation 0), then for each later leader-settings generation. Juju runs the hook for a
 * non-leader when {@code localState.LeaderSettingsVersion != remoteState.LeaderSettingsVersion},
 * and the remote watcher's first event makes the remote version 1 while the local one starts at 0.
 * So does a leader that lost leadership. A leader never runs leader-settings-changed, not even
 * after its own {@code leader-set}. Pure.
 */
public final class LeadershipResolver {
  private LeadershipResolver() {}

  public static Optional<PlannedHook> next(UnitState s) {
    if (s.assigned().leader()) {
      return s.progress().leaderElectedSeen()
          ? Optional.empty()
          : Optional.of(HookSource.plain(HookKind.LEADER_ELECTED, s));
    }
    long settings = s.assigned().leaderSettingsGeneration();
    if (s.progress().leaderSettingsChangedRanFor(settings)) return Optional.empty();
    return Optional.of(
        PlannedHook.leaderSettingsChanged(
            settings, s.charmInUse().generation(), s.assigned().configGeneration()));
  }
}
