package io.caasoperator.substrate.kubernetes;

import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.ContainerStatusBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import java.util.Map;

/** Pods as a StatefulSet's controller and a kubelet would write them, for the tests. */
final class Pods {

  private Pods() {}

  /** {@code <app>-<n>} with the selector's label and the pod-index label, no status yet. */
  static PodBuilder unitPod(String app, int ordinal) {
    return new PodBuilder()
        .withNewMetadata()
        .withName(app + "-" + ordinal)
        .withUid("uid-" + app + "-" + ordinal)
        .withLabels(
            Map.of(
                ApplicationSpecReading.NAME_LABEL,
                app,
                PodUnits.POD_INDEX_LABEL,
                String.valueOf(ordinal)))
        .endMetadata()
        .withNewSpec()
        .addNewInitContainer()
        .withName("charm-init")
        .withImage("busybox")
        .endInitContainer()
        .addNewContainer()
        .withName("workload")
        .withImage("busybox")
        .endContainer()
        .endSpec();
  }

  /** The unit's pod once its deletion began (a deletion timestamp), still there. */
  static PodBuilder deleting(String app, int ordinal) {
    return unitPod(app, ordinal)
        .editMetadata()
        .withDeletionTimestamp("2026-01-01T00:00:00Z")
        .endMetadata();
  }

  static ContainerStatus running(String name, String containerId, int restarts) {
    return new ContainerStatusBuilder()
        .withName(name)
        .withContainerID(containerId)
        .withRestartCount(restarts)
        .withNewState()
        .withNewRunning()
        .withStartedAt("2026-01-01T00:00:00Z")
        .endRunning()
        .endState()
        .build();
  }

  static ContainerStatus waiting(String name) {
    return new ContainerStatusBuilder()
        .withName(name)
        .withRestartCount(0)
        .withNewState()
        .withNewWaiting()
        .withReason("PodInitializing")
        .endWaiting()
        .endState()
        .build();
  }

  static Pod initRunning(Pod pod, String containerId) {
    return new PodBuilder(pod)
        .withNewStatus()
        .withInitContainerStatuses(running("charm-init", containerId, 0))
        .withContainerStatuses(waiting("workload"))
        .endStatus()
        .build();
  }

  static Pod workloadRunning(Pod pod, String containerId, int restarts) {
    return new PodBuilder(pod)
        .withNewStatus()
        .withContainerStatuses(running("workload", containerId, restarts))
        .endStatus()
        .build();
  }
}
