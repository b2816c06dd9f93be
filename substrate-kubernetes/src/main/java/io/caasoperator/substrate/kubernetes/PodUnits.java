package io.caasoperator.substrate.kubernetes;

import io.caasoperator.domain.ApplicationName;
import io.caasoperator.domain.Life;
import io.caasoperator.domain.UnitId;
import io.caasoperator.substrate.UnitObservation;
import io.fabric8.kubernetes.api.model.Pod;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Which unit a pod is, and how alive: pure functions on fabric8 model objects. A unit is the pod
 * with ordinal {@code n} (a StatefulSet's pod {@code <name>-<n>}); its life is alive, dying once
 * Kubernetes set {@code deletionTimestamp}, and dead when the pod is gone (absent from a listing).
 */
public final class PodUnits {

  /** Set by Kubernetes 1.28+ on a StatefulSet's pods; more reliable than parsing the name. */
  public static final String POD_INDEX_LABEL = "apps.kubernetes.io/pod-index";

  private PodUnits() {}

  /** The pod's ordinal: the pod-index label, else the name's numeric suffix after the last '-'. */
  public static Optional<Integer> ordinal(Pod pod) {
    if (pod.getMetadata() == null) return Optional.empty();
    Map<String, String> labels = pod.getMetadata().getLabels();
    String index = labels == null ? null : labels.get(POD_INDEX_LABEL);
    Optional<Integer> fromLabel = number(index);
    if (fromLabel.isPresent()) return fromLabel;
    String name = pod.getMetadata().getName();
    int dash = name == null ? -1 : name.lastIndexOf('-');
    return dash < 0 ? Optional.empty() : number(name.substring(dash + 1));
  }

  public static Life life(Pod pod) {
    return pod.getMetadata() != null && pod.getMetadata().getDeletionTimestamp() != null
        ? Life.DYING
        : Life.ALIVE;
  }

  /** The unit this pod is, or empty for a pod that has no ordinal (not a StatefulSet's). */
  public static Optional<UnitObservation> observe(ApplicationName application, Pod pod) {
    return ordinal(pod).map(n -> new UnitObservation(new UnitId(application, n), life(pod)));
  }

  /**
   * The complete listing of units for these pods, in unit order. When two pods claim one ordinal
   * (two workloads matching the selector), the unit is alive if either pod is: an alive pod must
   * never make the operator run the unit's stop hooks.
   */
  public static List<UnitObservation> listing(ApplicationName application, Collection<Pod> pods) {
    Map<UnitId, Life> units = new TreeMap<>();
    for (Pod pod : pods) {
      observe(application, pod)
          .ifPresent(
              o ->
                  units.merge(
                      o.unit(),
                      o.life(),
                      (a, b) -> a == Life.ALIVE || b == Life.ALIVE ? Life.ALIVE : a));
    }
    List<UnitObservation> listing = new ArrayList<>(units.size());
    units.forEach((unit, life) -> listing.add(new UnitObservation(unit, life)));
    return List.copyOf(listing);
  }

  /** The pod of a unit among these, preferring one that is not being deleted. */
  public static Optional<Pod> podOf(UnitId unit, Collection<Pod> pods) {
    Pod found = null;
    for (Pod pod : pods) {
      if (ordinal(pod).filter(n -> n == unit.ordinal()).isEmpty()) continue;
      if (found == null || life(pod) == Life.ALIVE) found = pod;
    }
    return Optional.ofNullable(found);
  }

  private static Optional<Integer> number(String text) {
    if (text == null
        || text.isEmpty()
        || text.length() > 9
        || !text.chars().allMatch(c -> c >= '0' && c <= '9')) {
      return Optional.empty();
    }
    return Optional.of(Integer.parseInt(text));
  }
}
