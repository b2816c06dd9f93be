package io.caasoperator.substrate.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import org.junit.jupiter.api.Test;

class UnitFinalizerTest {

  @Test
  void aNewPodNeedsTheFinalizerAndGetsItAfterOthers() {
    Pod pod =
        new PodBuilder(Pods.unitPod("mariadb", 0).build())
            .editMetadata()
            .withFinalizers("example.com/other")
            .endMetadata()
            .build();
    assertThat(UnitFinalizer.needed(pod)).isTrue();
    assertThat(UnitFinalizer.added(pod)).containsExactly("example.com/other", UnitFinalizer.NAME);
  }

  @Test
  void aPodWithTheFinalizerNeedsNothingAndAddingIsIdempotent() {
    Pod pod =
        new PodBuilder(Pods.unitPod("mariadb", 0).build())
            .editMetadata()
            .withFinalizers(UnitFinalizer.NAME)
            .endMetadata()
            .build();
    assertThat(UnitFinalizer.present(pod)).isTrue();
    assertThat(UnitFinalizer.needed(pod)).isFalse();
    assertThat(UnitFinalizer.added(pod)).containsExactly(UnitFinalizer.NAME);
  }

  @Test
  void aPodAlreadyBeingDeletedIsNotAdopted() {
    Pod pod =
        new PodBuilder(Pods.unitPod("mariadb", 0).build())
            .editMetadata()
            .withDeletionTimestamp("2026-01-01T00:00:00Z")
            .endMetadata()
            .build();
    assertThat(UnitFinalizer.needed(pod)).isFalse();
  }

  @Test
  void removingKeepsOtherFinalizersAndIsIdempotent() {
    Pod pod =
        new PodBuilder(Pods.unitPod("mariadb", 0).build())
            .editMetadata()
            .withFinalizers("example.com/other", UnitFinalizer.NAME)
            .endMetadata()
            .build();
    assertThat(UnitFinalizer.removed(pod)).containsExactly("example.com/other");
    assertThat(UnitFinalizer.removed(Pods.unitPod("mariadb", 0).build())).isEmpty();
  }

  @Test
  void theFinalizerPatchIsGuardedByTheResourceVersion() {
    Pod pod =
        new PodBuilder(Pods.unitPod("mariadb", 0).build())
            .editMetadata()
            .withResourceVersion("42")
            .endMetadata()
            .build();
    assertThat(JsonPatches.guardedFinalizers(pod, UnitFinalizer.added(pod)))
        .isEqualTo(
            "[{\"op\":\"test\",\"path\":\"/metadata/resourceVersion\",\"value\":\"42\"},"
                + "{\"op\":\"add\",\"path\":\"/metadata/finalizers\",\"value\":[\"caasoperator.org/unit\"]}]");
  }
}
