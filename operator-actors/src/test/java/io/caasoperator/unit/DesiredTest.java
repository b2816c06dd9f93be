package io.caasoperator.unit;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.domain.CharmInfo;
import io.caasoperator.domain.Life;
import io.caasoperator.domain.UnitId;
import io.caasoperator.persistence.UnitEvent;
import io.caasoperator.persistence.UnitEvent.*;
import io.caasoperator.persistence.UnitState;
import io.caasoperator.testing.TestUnits;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** What a unit records of the operator's wish: only what differs. */
class DesiredTest {
  private static final Instant AT = Instant.EPOCH;
  private static final UnitId UNIT = UnitId.of("mariadb", 0);

  private static CharmInfo charm(long generation) {
    return TestUnits.charm(generation, Set.of());
  }

  private static Desired want(
      Life life, long charm, long config, boolean leader, long leaderSettings) {
    return new Desired(life, charm(charm), config, leader, leaderSettings, Duration.ofMinutes(5));
  }

  private static UnitState recorded(Desired desired) {
    UnitState state = UnitState.initial(UNIT);
    for (UnitEvent e : desired.changesFrom(state, AT)) state = state.apply(e);
    return state;
  }

  @Test
  void aNewUnitRecordsEverythingItIsToldAndTheSameWishAgainRecordsNothing() {
    Desired wish = want(Life.ALIVE, 1, 1, true, 1);
    assertThat(wish.changesFrom(UnitState.initial(UNIT), AT))
        .containsExactly(
            new CharmAssigned(charm(1), AT),
            new ConfigAssigned(1, AT),
            new LeadershipAssigned(true, AT),
            new LeaderSettingsAssigned(1, AT));
    assertThat(wish.changesFrom(recorded(wish), AT)).isEmpty();
  }

  @Test
  void onlyWhatChangedIsRecorded() {
    UnitState state = recorded(want(Life.ALIVE, 1, 1, false, 0));
    assertThat(want(Life.ALIVE, 2, 1, false, 0).changesFrom(state, AT))
        .containsExactly(new CharmAssigned(charm(2), AT));
    assertThat(want(Life.ALIVE, 1, 2, false, 0).changesFrom(state, AT))
        .containsExactly(new ConfigAssigned(2, AT));
    assertThat(want(Life.DYING, 1, 1, false, 0).changesFrom(state, AT))
        .containsExactly(new LifeAssigned(Life.DYING, AT));
  }

  @Test
  void aDyingUnitIsNeverMadeAliveAgain() {
    UnitState dying =
        recorded(want(Life.ALIVE, 1, 1, false, 0)).apply(new LifeAssigned(Life.DYING, AT));
    assertThat(want(Life.ALIVE, 1, 1, false, 0).changesFrom(dying, AT)).isEmpty();
  }

  @Test
  void aDeadUnitWantedAliveIsRevivedAndStartsOverAndOtherwiseStaysDead() {
    UnitState dead =
        recorded(want(Life.ALIVE, 1, 3, true, 0)).apply(new LifeAssigned(Life.DEAD, AT));
    assertThat(want(Life.ALIVE, 1, 3, true, 0).changesFrom(dead, AT))
        .containsExactly(
            new Revived(AT),
            new CharmAssigned(charm(1), AT),
            new ConfigAssigned(3, AT),
            new LeadershipAssigned(true, AT));
    assertThat(want(Life.DYING, 2, 4, false, 0).changesFrom(dead, AT)).isEmpty();
  }

  @Test
  void storageInstancesAreRecordedOnceForAnAliveUnitAndKeepTheirLocation() {
    var data0 = new UnitState.StorageInstance("data/0", "filesystem", "/a/data-0");
    var data1 = new UnitState.StorageInstance("data/1", "filesystem", "/a/data-1");
    Desired one =
        new Desired(
            Life.ALIVE, charm(1), 1, false, 0, Duration.ofMinutes(5), List.of(data0), List.of());
    UnitState state = recorded(one);
    assertThat(state.storage().instances()).containsOnlyKeys("data/0");
    assertThat(one.changesFrom(state, AT)).isEmpty();

    Desired moved =
        new Desired(
            Life.ALIVE,
            charm(1),
            1,
            false,
            0,
            Duration.ofMinutes(5),
            List.of(new UnitState.StorageInstance("data/0", "filesystem", "/elsewhere"), data1),
            List.of());
    assertThat(moved.changesFrom(state, AT))
        .as("an instance the unit has keeps its location")
        .containsExactly(new StorageAssigned(data1, AT));

    Desired dying =
        new Desired(
            Life.DYING,
            charm(1),
            1,
            false,
            0,
            Duration.ofMinutes(5),
            List.of(data0, data1),
            List.of());
    assertThat(dying.changesFrom(state, AT)).containsExactly(new LifeAssigned(Life.DYING, AT));
  }
}
