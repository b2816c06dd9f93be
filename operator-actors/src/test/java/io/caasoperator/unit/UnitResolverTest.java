package io.caasoperator.unit;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.domain.CharmInfo;
import io.caasoperator.domain.CharmRef;
import io.caasoperator.domain.Life;
import io.caasoperator.domain.UnitId;
import io.caasoperator.persistence.HookKind;
import io.caasoperator.persistence.PlannedHook;
import io.caasoperator.persistence.UnitEvent.*;
import io.caasoperator.persistence.UnitState;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The order of hooks as a pure function of the unit's state. */
class UnitResolverTest {
  private static final Instant AT = Instant.EPOCH;

  private static CharmInfo charm(long generation) {
    return new CharmInfo(generation, "c", new CharmRef("/c", null, generation, false), "c".repeat(64),
        List.of("web", "db"), Set.of(), true, Map.of());
  }

  /** Runs what the resolver asks, completing each hook, until it waits; returns the hook names. */
  private static List<String> drive(UnitState[] state, boolean updateStatusDue) {
    List<String> ran = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      UnitResolver.Next next = UnitResolver.next(state[0], false, false, updateStatusDue && !ran.contains("update-status"));
      UnitState s = state[0];
      switch (next) {
        case UnitResolver.Next.Wait w -> { return ran; }
        case UnitResolver.Next.Die d -> s = s.apply(new LifeAssigned(Life.DEAD, AT));
        case UnitResolver.Next.SwitchCharm sc -> s = s.apply(new CharmSwitched(s.assigned().charm().generation(), AT));
        case UnitResolver.Next.Run run -> {
          if (run.switchCharm()) s = s.apply(new CharmSwitched(s.assigned().charm().generation(), AT));
          s = s.apply(new HookStarted(run.hook(), run.attempt(), "ctx", AT)).apply(new HookCompleted(run.hook().name(), 1, AT));
          ran.add(run.hook().name());
        }
      }
      state[0] = s;
    }
    throw new AssertionError("the resolver never settles: " + ran);
  }

  private static UnitState fresh(boolean leader) {
    return UnitState.initial(UnitId.of("a", 0)).apply(new CharmAssigned(charm(1), AT)).apply(new ConfigAssigned(1, AT))
        .apply(new LeadershipAssigned(leader, AT));
  }

  @Test
  void aNewLeaderRunsTheJujuStartupSequenceThenPebbleReadyInMetadataOrder() {
    UnitState[] s = {fresh(true).apply(new ContainerStartObserved("db", "1", AT)).apply(new ContainerStartObserved("web", "1", AT))};
    assertThat(drive(s, true)).containsExactly(
        "install", "leader-elected", "config-changed", "start", "web-pebble-ready", "db-pebble-ready", "update-status");
  }

  @Test
  void gainingLeadershipLaterRunsLeaderElectedOnce() {
    UnitState[] s = {fresh(false)};
    assertThat(drive(s, false)).containsExactly("install", "config-changed", "start");
    s[0] = s[0].apply(new LeadershipAssigned(true, AT));
    assertThat(drive(s, false)).containsExactly("leader-elected");
    assertThat(drive(s, false)).isEmpty();
  }

  @Test
  void aNewCharmRunsUpgradeCharmThenConfigChanged() {
    UnitState[] s = {fresh(false)};
    drive(s, false);
    s[0] = s[0].apply(new CharmAssigned(charm(2), AT));
    assertThat(drive(s, false)).containsExactly("upgrade-charm", "config-changed");
    assertThat(s[0].charmInUse().generation()).isEqualTo(2);
  }

  @Test
  void aNewCharmBeforeInstallIsUsedSilently() {
    UnitState[] s = {fresh(false).apply(new CharmAssigned(charm(2), AT))};
    assertThat(drive(s, false)).containsExactly("install", "config-changed", "start");
    assertThat(s[0].charmInUse().generation()).isEqualTo(2);
  }

  @Test
  void aDyingUnitStopsThenIsRemovedAndADyingUninstalledUnitJustDies() {
    UnitState[] s = {fresh(false)};
    drive(s, false);
    s[0] = s[0].apply(new LifeAssigned(Life.DYING, AT)).apply(new ConfigAssigned(2, AT));
    assertThat(drive(s, false)).containsExactly("stop", "remove");
    assertThat(s[0].isDead()).isTrue();
    UnitState[] early = {fresh(false).apply(new LifeAssigned(Life.DYING, AT))};
    assertThat(drive(early, false)).isEmpty();
    assertThat(early[0].isDead()).isTrue();
  }

  @Test
  void anInterruptedHookIsRunAgainBeforeAnythingElse() {
    UnitState s = fresh(false).apply(new HookStarted(PlannedHook.of(HookKind.INSTALL, 1, 1), 1, "ctx", AT));
    UnitResolver.Next next = UnitResolver.next(s, false, false, false);
    assertThat(next).isInstanceOf(UnitResolver.Next.Run.class);
    assertThat(((UnitResolver.Next.Run) next).hook().kind()).isEqualTo(HookKind.INSTALL);
    assertThat(UnitResolver.next(s, true, false, false)).isInstanceOf(UnitResolver.Next.Wait.class);
  }

  @Test
  void aFailedHookWaitsForItsRetryAndThenRunsWithTheNextAttempt() {
    UnitState s = fresh(false).apply(new HookStarted(PlannedHook.of(HookKind.INSTALL, 1, 1), 1, "ctx", AT))
        .apply(new HookFailed("install", 1, "exit status 1", 1, AT));
    assertThat(UnitResolver.next(s, false, false, true)).isInstanceOf(UnitResolver.Next.Wait.class);
    var retry = (UnitResolver.Next.Run) UnitResolver.next(s, false, true, false);
    assertThat(retry.hook().kind()).isEqualTo(HookKind.INSTALL);
    assertThat(retry.attempt()).isEqualTo(2);
  }
}
