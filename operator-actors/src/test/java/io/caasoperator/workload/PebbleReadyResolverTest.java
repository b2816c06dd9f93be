package io.caasoperator.workload;

import static io.caasoperator.unit.UnitStates.AT;
import static io.caasoperator.unit.UnitStates.completed;
import static io.caasoperator.unit.UnitStates.started;
import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.persistence.PlannedHook;
import io.caasoperator.persistence.UnitEvent.ContainerStartObserved;
import io.caasoperator.persistence.UnitState;
import org.junit.jupiter.api.Test;

/** pebble-ready once per start of a declared container, in the charm's metadata order. */
class PebbleReadyResolverTest {

  @Test
  void eachStartedContainerIsReadyOnceInMetadataOrder() {
    UnitState s =
        started(true)
            .apply(new ContainerStartObserved("db", "1", AT))
            .apply(new ContainerStartObserved("web", "1", AT));
    PlannedHook web = PebbleReadyResolver.next(s).orElseThrow();
    assertThat(web.name()).isEqualTo("web-pebble-ready");
    assertThat(web)
        .isInstanceOfSatisfying(
            PlannedHook.PebbleReady.class, h -> assertThat(h.containerStart()).isEqualTo("1"));
    s = completed(s, web);
    PlannedHook db = PebbleReadyResolver.next(s).orElseThrow();
    assertThat(db.name()).isEqualTo("db-pebble-ready");
    assertThat(PebbleReadyResolver.next(completed(s, db))).isEmpty();
  }

  @Test
  void aRestartedContainerIsReadyAgainForItsNewStart() {
    UnitState s = started(true).apply(new ContainerStartObserved("web", "1", AT));
    s = completed(s, PebbleReadyResolver.next(s).orElseThrow());
    s = s.apply(new ContainerStartObserved("web", "2", AT));
    assertThat(PebbleReadyResolver.next(s).map(h -> ((PlannedHook.PebbleReady) h).containerStart()))
        .contains("2");
  }

  @Test
  void aContainerTheCharmDoesNotDeclareGetsNoHook() {
    UnitState s = started(true).apply(new ContainerStartObserved("sidecar", "1", AT));
    assertThat(PebbleReadyResolver.next(s)).isEmpty();
  }
}
