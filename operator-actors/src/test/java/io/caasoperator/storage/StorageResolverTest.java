package io.caasoperator.storage;

import static io.caasoperator.unit.UnitStates.AT;
import static io.caasoperator.unit.UnitStates.completed;
import static io.caasoperator.unit.UnitStates.started;
import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.domain.Life;
import io.caasoperator.persistence.HookKind;
import io.caasoperator.persistence.PlannedHook;
import io.caasoperator.persistence.UnitEvent.LifeAssigned;
import io.caasoperator.persistence.UnitEvent.StorageAssigned;
import io.caasoperator.persistence.UnitState;
import io.caasoperator.persistence.UnitState.StorageInstance;
import org.junit.jupiter.api.Test;

/** storage-attached once per instance, storage-detaching once per attached one, in id order. */
class StorageResolverTest {
  private static final StorageInstance DATA_0 = new StorageInstance("data/0", "filesystem", "/d0");
  private static final StorageInstance LOGS_0 = new StorageInstance("logs/0", "filesystem", "/l0");

  @Test
  void eachInstanceIsAttachedOnceInIdOrderNamingItsInstance() {
    UnitState s =
        started(false)
            .apply(new StorageAssigned(LOGS_0, AT))
            .apply(new StorageAssigned(DATA_0, AT));
    PlannedHook data = StorageResolver.attached(s).orElseThrow();
    assertThat(data.name()).isEqualTo("data-storage-attached");
    assertThat(((PlannedHook.Storage) data).storage()).isEqualTo(DATA_0);
    s = completed(s, data);
    PlannedHook logs = StorageResolver.attached(s).orElseThrow();
    assertThat(((PlannedHook.Storage) logs).storage()).isEqualTo(LOGS_0);
    assertThat(StorageResolver.attached(completed(s, logs))).isEmpty();
    assertThat(StorageResolver.detaching(s)).as("alive").isEmpty();
  }

  @Test
  void aDyingUnitDetachesWhatWasAttachedUntilItStopsAndAttachesNothingMore() {
    UnitState s = started(false).apply(new StorageAssigned(DATA_0, AT));
    s = completed(s, StorageResolver.attached(s).orElseThrow());
    s = s.apply(new StorageAssigned(LOGS_0, AT)).apply(new LifeAssigned(Life.DYING, AT));
    assertThat(StorageResolver.attached(s)).isEmpty();
    PlannedHook detaching = StorageResolver.detaching(s).orElseThrow();
    assertThat(detaching.name()).isEqualTo("data-storage-detaching");
    assertThat(StorageResolver.detaching(completed(s, detaching)))
        .as("logs/0 never attached")
        .isEmpty();
  }

  @Test
  void aStoppedUnitDetachesNothingMore() {
    UnitState s = started(false).apply(new StorageAssigned(DATA_0, AT));
    s = completed(s, StorageResolver.attached(s).orElseThrow());
    s = completed(s.apply(new LifeAssigned(Life.DYING, AT)), PlannedHook.of(HookKind.STOP, 1, 1));
    assertThat(StorageResolver.detaching(s)).isEmpty();
  }
}
