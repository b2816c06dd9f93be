package io.caasoperator.substrate.kubernetes;

import io.caasoperator.domain.UnitId;
import io.fabric8.kubernetes.api.model.Pod;
import java.util.Optional;

/**
 * Finds a unit's pod as the API server has it now (blocking); {@link KubernetesSubstrate#podOf}.
 */
@FunctionalInterface
public interface UnitPods {
  Optional<Pod> podOf(UnitId unit);
}
