package io.caasoperator.config;

import static io.caasoperator.unit.UnitStates.AT;
import static io.caasoperator.unit.UnitStates.assigned;
import static io.caasoperator.unit.UnitStates.charm;
import static io.caasoperator.unit.UnitStates.completed;
import static io.caasoperator.unit.UnitStates.started;
import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.persistence.HookKind;
import io.caasoperator.persistence.PlannedHook;
import io.caasoperator.persistence.UnitEvent.CharmAssigned;
import io.caasoperator.persistence.UnitEvent.CharmSwitched;
import io.caasoperator.persistence.UnitEvent.ConfigAssigned;
import io.caasoperator.persistence.UnitState;
import org.junit.jupiter.api.Test;

/** config-changed once per config generation the unit has not seen, and after each upgrade. */
class ConfigResolverTest {

  @Test
  void aNewUnitRunsConfigChangedForTheAssignedGeneration() {
    UnitState installed = completed(assigned(true), PlannedHook.of(HookKind.INSTALL, 1, 1));
    PlannedHook changed = ConfigResolver.next(installed).orElseThrow();
    assertThat(changed.name()).isEqualTo("config-changed");
    assertThat(changed.configGeneration()).isEqualTo(1);
    assertThat(ConfigResolver.next(completed(installed, changed))).as("once").isEmpty();
  }

  @Test
  void eachNewConfigGenerationRunsItOnceWithThatGeneration() {
    UnitState changedTwice =
        started(false).apply(new ConfigAssigned(2, AT)).apply(new ConfigAssigned(3, AT));
    PlannedHook changed = ConfigResolver.next(changedTwice).orElseThrow();
    assertThat(changed.configGeneration()).as("the latest only").isEqualTo(3);
    assertThat(ConfigResolver.next(completed(changedTwice, changed))).isEmpty();
  }

  @Test
  void upgradeCharmMakesTheSameConfigUnseenSoConfigChangedFollowsIt() {
    UnitState s =
        started(false).apply(new CharmAssigned(charm(2), AT)).apply(new CharmSwitched(2, AT));
    UnitState upgraded = completed(s, PlannedHook.of(HookKind.UPGRADE_CHARM, 2, 1));
    assertThat(ConfigResolver.next(upgraded).map(PlannedHook::configGeneration)).contains(1L);
  }
}
