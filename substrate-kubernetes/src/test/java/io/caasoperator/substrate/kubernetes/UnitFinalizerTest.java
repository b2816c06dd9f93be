package io.caasoperator.substrate.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Pod;
import org.junit.jupiter.api.Test;

class UnitFinalizerTest {

  /** mariadb/0's pod with these finalizers. */
  private static Pod withFinalizers(String... finalizers) {
    return Pods.unitPod("mariadb", 0)
        .editMetadata()
        .withFinalizers(finalizers)
        .endMetadata()
        .build();
  }

  @Test
  void aNewPodNeedsTheFinalizerAndGetsItAfterOthers() {
    Pod pod = withFinalizers("example.com/other");
    assertThat(UnitFinalizer.needed(pod)).isTrue();
    assertThat(UnitFinalizer.added(pod)).containsExactly("example.com/other", UnitFinalizer.NAME);
  }

  @Test
  void aPodWithTheFinalizerNeedsNothingAndAddingIsIdempotent() {
    Pod pod = withFinalizers(UnitFinalizer.NAME);
    assertThat(UnitFinalizer.present(pod)).isTrue();
    assertThat(UnitFinalizer.needed(pod)).isFalse();
    assertThat(UnitFinalizer.added(pod)).containsExactly(UnitFinalizer.NAME);
  }

  @Test
  void aPodAlreadyBeingDeletedIsNotAdopted() {
    Pod pod = Pods.deleting("mariadb", 0).build();
    assertThat(UnitFinalizer.needed(pod)).isFalse();
  }

  @Test
  void removingKeepsOtherFinalizersAndIsIdempotent() {
    Pod pod = withFinalizers("example.com/other", UnitFinalizer.NAME);
    assertThat(UnitFinalizer.removed(pod)).containsExactly("example.com/other");
    assertThat(UnitFinalizer.removed(Pods.unitPod("mariadb", 0).build())).isEmpty();
  }

  @Test
  void theFinalizerPatchIsGuardedByTheResourceVersion() {
    Pod pod =
        Pods.unitPod("mariadb", 0).editMetadata().withResourceVersion("42").endMetadata().build();
    assertThat(JsonPatches.guardedFinalizers(pod, UnitFinalizer.added(pod)))
        .isEqualTo(
            "[{\"op\":\"test\",\"path\":\"/metadata/resourceVersion\",\"value\":\"42\"},"
                + "{\"op\":\"add\",\"path\":\"/metadata/finalizers\",\"value\":[\"caasoperator.org/unit\"]}]");
  }
}
