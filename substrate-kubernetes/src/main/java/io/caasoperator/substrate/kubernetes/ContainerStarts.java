package io.caasoperator.substrate.kubernetes;

import io.caasoperator.domain.ApplicationName;
import io.caasoperator.substrate.ContainerStarted;
import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.Pod;
import java.util.ArrayList;
import java.util.List;

/**
 * Container starts read from a pod's status: its init container (default {@value
 * #DEFAULT_INIT_CONTAINER}) while it runs, which is when the charm must be copied in, and every
 * workload container that runs. Each start is identified by the container's id, which the runtime
 * changes on every (re)start; without one (some runtimes report it late) by the pod's uid and the
 * restart count. The same start seen again (resync, re-list, operator restart) carries the same id,
 * so {@code <container>-pebble-ready} runs once per start.
 */
public final class ContainerStarts {

  public static final String DEFAULT_INIT_CONTAINER = "charm-init";

  private ContainerStarts() {}

  /** Starts visible in this pod now; none for a pod being deleted or without an ordinal. */
  public static List<ContainerStarted> of(
      ApplicationName application, Pod pod, String initContainer) {
    List<ContainerStarted> starts = new ArrayList<>();
    if (PodUnits.life(pod) != io.caasoperator.domain.Life.ALIVE || pod.getStatus() == null)
      return starts;
    var unit = PodUnits.observe(application, pod);
    if (unit.isEmpty()) return starts;
    List<ContainerStatus> init = pod.getStatus().getInitContainerStatuses();
    if (init != null) {
      for (ContainerStatus status : init) {
        if (status.getName().equals(initContainer) && running(status)) {
          starts.add(
              new ContainerStarted(unit.get().unit(), status.getName(), startId(pod, status)));
        }
      }
    }
    List<ContainerStatus> workload = pod.getStatus().getContainerStatuses();
    if (workload != null) {
      for (ContainerStatus status : workload) {
        if (running(status)) {
          starts.add(
              new ContainerStarted(unit.get().unit(), status.getName(), startId(pod, status)));
        }
      }
    }
    return starts;
  }

  /** Whether this container of the pod runs now. */
  public static boolean running(Pod pod, String container, boolean init) {
    if (pod.getStatus() == null) return false;
    List<ContainerStatus> statuses =
        init ? pod.getStatus().getInitContainerStatuses() : pod.getStatus().getContainerStatuses();
    if (statuses == null) return false;
    return statuses.stream().anyMatch(s -> s.getName().equals(container) && running(s));
  }

  static boolean running(ContainerStatus status) {
    return status.getState() != null && status.getState().getRunning() != null;
  }

  static String startId(Pod pod, ContainerStatus status) {
    String id = status.getContainerID();
    if (id != null && !id.isBlank()) return id;
    String uid =
        pod.getMetadata().getUid() == null
            ? pod.getMetadata().getName()
            : pod.getMetadata().getUid();
    int restarts = status.getRestartCount() == null ? 0 : status.getRestartCount();
    return uid + "/" + status.getName() + "/" + restarts;
  }
}
