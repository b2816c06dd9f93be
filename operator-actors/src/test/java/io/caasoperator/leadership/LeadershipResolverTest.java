package io.caasoperator.leadership;

import static io.caasoperator.unit.UnitStates.AT;
import static io.caasoperator.unit.UnitStates.completed;
import static io.caasoperator.unit.UnitStates.started;
import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.persistence.HookKind;
import io.caasoperator.persistence.PlannedHook;
import io.caasoperator.persistence.UnitEvent.LeaderSettingsAssigned;
import io.caasoperator.persistence.UnitEvent.LeadershipAssigned;
import io.caasoperator.persistence.UnitState;
import org.junit.jupiter.api.Test;

/** leader-elected on a new leader, leader-settings-changed on a follower, each once per change. */
class LeadershipResolverTest {

  @Test
  void aLeaderRunsLeaderElectedOnceEachTimeItBecomesLeader() {
    UnitState follower = started(false);
    assertThat(LeadershipResolver.next(follower)).isEmpty();

    UnitState leader = follower.apply(new LeadershipAssigned(true, AT));
    PlannedHook elected = LeadershipResolver.next(leader).orElseThrow();
    assertThat(elected.name()).isEqualTo("leader-elected");
    leader = completed(leader, elected);
    assertThat(LeadershipResolver.next(leader)).as("once").isEmpty();

    UnitState again =
        leader.apply(new LeadershipAssigned(false, AT)).apply(new LeadershipAssigned(true, AT));
    assertThat(LeadershipResolver.next(again).map(PlannedHook::name)).contains("leader-elected");
  }

  @Test
  void aLeaderNeverRunsLeaderSettingsChangedNotEvenAfterItsOwnLeaderSet() {
    UnitState leader = started(true).apply(new LeaderSettingsAssigned(1, AT));
    assertThat(LeadershipResolver.next(leader)).isEmpty();
  }

  @Test
  void aFollowerRunsLeaderSettingsChangedOncePerGenerationNamingTheGenerationItIsFor() {
    UnitState follower = started(false).apply(new LeaderSettingsAssigned(3, AT));
    PlannedHook changed = LeadershipResolver.next(follower).orElseThrow();
    assertThat(changed.kind()).isEqualTo(HookKind.LEADER_SETTINGS_CHANGED);
    assertThat(changed)
        .isInstanceOfSatisfying(
            PlannedHook.LeaderSettings.class,
            h -> assertThat(h.leaderSettingsGeneration()).isEqualTo(3L));
    assertThat(LeadershipResolver.next(completed(follower, changed))).isEmpty();
  }

  @Test
  void settingsChangedWhileTheHookRanRunItAgainForTheNewGeneration() {
    UnitState follower = started(false).apply(new LeaderSettingsAssigned(1, AT));
    PlannedHook forOne = LeadershipResolver.next(follower).orElseThrow();
    UnitState after = completed(follower.apply(new LeaderSettingsAssigned(2, AT)), forOne);
    assertThat(LeadershipResolver.next(after))
        .get()
        .isInstanceOfSatisfying(
            PlannedHook.LeaderSettings.class,
            h -> assertThat(h.leaderSettingsGeneration()).isEqualTo(2L));
  }

  @Test
  void aLeaderThatLosesLeadershipRunsLeaderSettingsChangedOnceAsAFollower() {
    UnitState deposed = started(true).apply(new LeadershipAssigned(false, AT));
    PlannedHook changed = LeadershipResolver.next(deposed).orElseThrow();
    assertThat(changed.name()).isEqualTo("leader-settings-changed");
    assertThat(LeadershipResolver.next(completed(deposed, changed))).isEmpty();
  }
}
