package io.caasoperator.substrate.kubernetes;

import io.fabric8.kubernetes.api.model.Pod;
import java.util.ArrayList;
import java.util.List;

/**
 * The finalizer that keeps a deleted unit pod Terminating until the unit's {@code stop} and {@code
 * remove} hooks ran. Pure decisions and edits on model objects; the substrate applies them with a
 * JSON patch guarded by the list it read, so a concurrent edit fails instead of being lost.
 */
public final class UnitFinalizer {

  public static final String NAME = "caasoperator.org/unit";

  private UnitFinalizer() {}

  public static boolean present(Pod pod) {
    List<String> finalizers = pod.getMetadata() == null ? null : pod.getMetadata().getFinalizers();
    return finalizers != null && finalizers.contains(NAME);
  }

  /**
   * Whether the operator should add its finalizer to this pod now: it lacks it and is not being
   * deleted (the API server refuses new finalizers on a terminating object, and a pod deleted
   * before it was adopted is not held back: its unit never ran a hook worth stopping).
   */
  public static boolean needed(Pod pod) {
    return !present(pod)
        && pod.getMetadata() != null
        && pod.getMetadata().getDeletionTimestamp() == null;
  }

  /** The pod's finalizers with ours added (order kept, no duplicate). */
  public static List<String> added(Pod pod) {
    List<String> finalizers = current(pod);
    if (!finalizers.contains(NAME)) finalizers.add(NAME);
    return finalizers;
  }

  /** The pod's finalizers without ours (others' are kept). */
  public static List<String> removed(Pod pod) {
    List<String> finalizers = current(pod);
    finalizers.removeIf(NAME::equals);
    return finalizers;
  }

  private static List<String> current(Pod pod) {
    List<String> finalizers = pod.getMetadata() == null ? null : pod.getMetadata().getFinalizers();
    return finalizers == null ? new ArrayList<>() : new ArrayList<>(finalizers);
  }
}
