package io.caasoperator.substrate.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.domain.ApplicationName;
import io.caasoperator.domain.UnitId;
import io.caasoperator.substrate.ContainerStarted;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import org.junit.jupiter.api.Test;

class ContainerStartsTest {

  private static final ApplicationName APP = new ApplicationName("mariadb");
  private static final UnitId UNIT = UnitId.of("mariadb", 1);

  @Test
  void aPodWithoutStatusHasNoStarts() {
    assertThat(ContainerStarts.of(APP, Pods.unitPod("mariadb", 1).build(), "charm-init")).isEmpty();
  }

  @Test
  void theRunningInitContainerIsAStart() {
    Pod pod = Pods.initRunning(Pods.unitPod("mariadb", 1).build(), "containerd://init1");
    assertThat(ContainerStarts.of(APP, pod, "charm-init"))
        .containsExactly(new ContainerStarted(UNIT, "charm-init", "containerd://init1"));
    assertThat(ContainerStarts.running(pod, "charm-init", true)).isTrue();
    assertThat(ContainerStarts.running(pod, "workload", false)).isFalse();
  }

  @Test
  void anInitContainerWithAnotherNameIsIgnored() {
    Pod pod = Pods.initRunning(Pods.unitPod("mariadb", 1).build(), "containerd://init1");
    assertThat(ContainerStarts.of(APP, pod, "setup")).isEmpty();
  }

  @Test
  void eachWorkloadStartHasItsOwnId() {
    Pod first = Pods.workloadRunning(Pods.unitPod("mariadb", 1).build(), "containerd://a", 0);
    Pod restarted = Pods.workloadRunning(Pods.unitPod("mariadb", 1).build(), "containerd://b", 1);
    assertThat(ContainerStarts.of(APP, first, "charm-init"))
        .containsExactly(new ContainerStarted(UNIT, "workload", "containerd://a"));
    assertThat(ContainerStarts.of(APP, restarted, "charm-init"))
        .containsExactly(new ContainerStarted(UNIT, "workload", "containerd://b"));
  }

  @Test
  void withoutAContainerIdTheStartIsThePodUidAndRestartCount() {
    Pod pod = Pods.workloadRunning(Pods.unitPod("mariadb", 1).build(), null, 2);
    assertThat(ContainerStarts.of(APP, pod, "charm-init"))
        .containsExactly(new ContainerStarted(UNIT, "workload", "uid-mariadb-1/workload/2"));
  }

  @Test
  void aDyingPodReportsNoStarts() {
    Pod pod =
        new PodBuilder(
                Pods.workloadRunning(Pods.unitPod("mariadb", 1).build(), "containerd://a", 0))
            .editMetadata()
            .withDeletionTimestamp("2026-01-01T00:00:00Z")
            .endMetadata()
            .build();
    assertThat(ContainerStarts.of(APP, pod, "charm-init")).isEmpty();
  }
}
