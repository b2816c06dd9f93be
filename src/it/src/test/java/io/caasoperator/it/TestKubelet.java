package io.caasoperator.it;

import io.fabric8.kubernetes.api.model.ContainerState;
import io.fabric8.kubernetes.api.model.ContainerStateBuilder;
import io.fabric8.kubernetes.api.model.ContainerStateRunningBuilder;
import io.fabric8.kubernetes.api.model.ContainerStateTerminatedBuilder;
import io.fabric8.kubernetes.api.model.ContainerStateWaitingBuilder;
import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.ContainerStatusBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.PodStatusBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.List;
import java.util.Map;

/**
 * What the kubelet and the StatefulSet controller would do for the test, against the mock API
 * server (which has neither): creates a StatefulSet's pods and moves their container statuses from
 * "init container running" to "workload container running".
 *
 * @param client the tests' client
 * @param namespace where the pods live
 * @param application the pods carry {@code app.kubernetes.io/name=<application>}, the default
 *     selector
 */
record TestKubelet(KubernetesClient client, String namespace, String application) {

  static final String INIT = "charm-init";
  static final String WORKLOAD = "web";

  /**
   * Creates pod {@code <application>-<ordinal>} as a StatefulSet would, its init container running.
   */
  void createPod(int ordinal) {
    String name = application + "-" + ordinal;
    Pod pod =
        new PodBuilder()
            .withNewMetadata()
            .withName(name)
            .withNamespace(namespace)
            .withLabels(
                Map.of(
                    "app.kubernetes.io/name",
                    application,
                    "apps.kubernetes.io/pod-index",
                    Integer.toString(ordinal),
                    "statefulset.kubernetes.io/pod-name",
                    name))
            .endMetadata()
            .withNewSpec()
            .addNewInitContainer()
            .withName(INIT)
            .withImage("busybox")
            .endInitContainer()
            .addNewContainer()
            .withName(WORKLOAD)
            .withImage("busybox")
            .endContainer()
            .endSpec()
            .build();
    client.pods().inNamespace(namespace).resource(pod).create();
    setStatus(name, List.of(running(INIT, name)), List.of(waiting(WORKLOAD)));
  }

  /** The init container finished and the workload container runs. */
  void workloadRunning(int ordinal) {
    String name = application + "-" + ordinal;
    setStatus(name, List.of(terminated(INIT, name)), List.of(running(WORKLOAD, name)));
  }

  /** The pod as the API server has it; null when gone. */
  Pod pod(int ordinal) {
    return client.pods().inNamespace(namespace).withName(application + "-" + ordinal).get();
  }

  /** Deletes the pod as a scale-down would (graceful: it stays while it has finalizers). */
  void deletePod(int ordinal) {
    client.pods().inNamespace(namespace).withName(application + "-" + ordinal).delete();
  }

  private void setStatus(String pod, List<ContainerStatus> init, List<ContainerStatus> workload) {
    // editStatus: the status subresource, which fires an UPDATE to every watcher of the pod.
    client
        .pods()
        .inNamespace(namespace)
        .withName(pod)
        .editStatus(
            p ->
                new PodBuilder(p)
                    .withStatus(
                        new PodStatusBuilder()
                            .withPhase("Running")
                            .withInitContainerStatuses(init)
                            .withContainerStatuses(workload)
                            .build())
                    .build());
  }

  private static ContainerStatus running(String container, String pod) {
    var running = new ContainerStateRunningBuilder().withStartedAt("2026-11-22T00:00:00Z").build();
    return status(container, pod, new ContainerStateBuilder().withRunning(running).build());
  }

  private static ContainerStatus waiting(String container) {
    var waiting = new ContainerStateWaitingBuilder().withReason("PodInitializing").build();
    return status(container, null, new ContainerStateBuilder().withWaiting(waiting).build());
  }

  private static ContainerStatus terminated(String container, String pod) {
    var completed =
        new ContainerStateTerminatedBuilder().withExitCode(0).withReason("Completed").build();
    return status(container, pod, new ContainerStateBuilder().withTerminated(completed).build());
  }

  /**
   * {@code container} of {@code pod} (null: not started yet, no container id) in {@code state},
   * never restarted; ready while it runs (the test charm's containers have no readiness probe).
   */
  private static ContainerStatus status(String container, String pod, ContainerState state) {
    return new ContainerStatusBuilder()
        .withName(container)
        .withContainerID(pod == null ? null : "containerd://" + pod + "-" + container)
        .withRestartCount(0)
        .withReady(state.getRunning() != null)
        .withState(state)
        .build();
  }
}
