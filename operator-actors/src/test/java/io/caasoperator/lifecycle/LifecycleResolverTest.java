package io.caasoperator.lifecycle;

import static io.caasoperator.unit.UnitStates.AT;
import static io.caasoperator.unit.UnitStates.completed;
import static io.caasoperator.unit.UnitStates.started;
import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.domain.Life;
import io.caasoperator.persistence.HookKind;
import io.caasoperator.persistence.PlannedHook;
import io.caasoperator.persistence.UnitEvent.LifeAssigned;
import io.caasoperator.persistence.UnitState;
import io.caasoperator.unit.UnitStates;
import org.junit.jupiter.api.Test;

/** start once for an alive unit; stop then remove for a dying one. */
class LifecycleResolverTest {

  @Test
  void anAliveUnitStartsOnceAndIsNeverTornDown() {
    UnitState installed =
        completed(UnitStates.assigned(false), PlannedHook.of(HookKind.INSTALL, 1, 1));
    PlannedHook start = LifecycleResolver.start(installed).orElseThrow();
    assertThat(start.name()).isEqualTo("start");
    UnitState started = completed(installed, start);
    assertThat(LifecycleResolver.start(started)).as("once").isEmpty();
    assertThat(LifecycleResolver.teardown(started)).isEmpty();
  }

  @Test
  void aDyingUnitStopsThenIsRemovedAndThenIsDead() {
    UnitState dying = started(true).apply(new LifeAssigned(Life.DYING, AT));
    assertThat(LifecycleResolver.start(dying)).isEmpty();
    PlannedHook stop = LifecycleResolver.teardown(dying).orElseThrow();
    assertThat(stop.name()).isEqualTo("stop");
    UnitState stopped = completed(dying, stop);
    PlannedHook remove = LifecycleResolver.teardown(stopped).orElseThrow();
    assertThat(remove.name()).isEqualTo("remove");
    UnitState removed = completed(stopped, remove);
    assertThat(removed.isDead()).isTrue();
    assertThat(LifecycleResolver.teardown(removed)).isEmpty();
  }
}
