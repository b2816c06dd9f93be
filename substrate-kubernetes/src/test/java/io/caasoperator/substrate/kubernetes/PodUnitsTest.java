package io.caasoperator.substrate.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.domain.ApplicationName;
import io.caasoperator.domain.Life;
import io.caasoperator.domain.UnitId;
import io.caasoperator.substrate.UnitObservation;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PodUnitsTest {

  private static final ApplicationName APP = new ApplicationName("mariadb");

  @Test
  void theOrdinalComesFromThePodIndexLabel() {
    Pod pod =
        Pods.unitPod("mariadb", 3)
            .editMetadata()
            .withName("renamed-by-someone")
            .endMetadata()
            .build();
    assertThat(PodUnits.ordinal(pod)).contains(3);
  }

  @Test
  void withoutTheLabelTheOrdinalIsTheNamesNumericSuffix() {
    Pod pod = new PodBuilder().withNewMetadata().withName("mariadb-db-12").endMetadata().build();
    assertThat(PodUnits.ordinal(pod)).contains(12);
  }

  @Test
  void aPodWithoutAnOrdinalIsNoUnit() {
    Pod pod =
        new PodBuilder().withNewMetadata().withName("mariadb-7f9c4d-xk2lp").endMetadata().build();
    assertThat(PodUnits.observe(APP, pod)).isEmpty();
    Pod badLabel =
        new PodBuilder()
            .withNewMetadata()
            .withName("mariadb")
            .withLabels(Map.of(PodUnits.POD_INDEX_LABEL, "x"))
            .endMetadata()
            .build();
    assertThat(PodUnits.observe(APP, badLabel)).isEmpty();
  }

  @Test
  void aPodBeingDeletedIsADyingUnit() {
    Pod pod = Pods.deleting("mariadb", 1).build();
    assertThat(PodUnits.observe(APP, pod))
        .contains(new UnitObservation(UnitId.of("mariadb", 1), Life.DYING));
  }

  @Test
  void theListingHasEveryUnitInOrderAndAGonePodIsAbsent() {
    List<Pod> pods =
        List.of(Pods.unitPod("mariadb", 2).build(), Pods.unitPod("mariadb", 0).build());
    assertThat(PodUnits.listing(APP, pods))
        .containsExactly(
            new UnitObservation(UnitId.of("mariadb", 0), Life.ALIVE),
            new UnitObservation(UnitId.of("mariadb", 2), Life.ALIVE));
  }

  @Test
  void anAlivePodWinsOverADyingOneWithTheSameOrdinal() {
    Pod dying =
        Pods.deleting("mariadb", 0).editMetadata().withName("other-0").endMetadata().build();
    Pod alive = Pods.unitPod("mariadb", 0).build();
    assertThat(PodUnits.listing(APP, List.of(alive, dying)))
        .containsExactly(new UnitObservation(UnitId.of("mariadb", 0), Life.ALIVE));
    assertThat(PodUnits.listing(APP, List.of(dying, alive)))
        .containsExactly(new UnitObservation(UnitId.of("mariadb", 0), Life.ALIVE));
    assertThat(PodUnits.podOf(UnitId.of("mariadb", 0), List.of(dying, alive))).contains(alive);
  }
}
