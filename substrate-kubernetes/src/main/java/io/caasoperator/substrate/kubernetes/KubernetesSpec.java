package io.caasoperator.substrate.kubernetes;

import io.caasoperator.substrate.Specification;
import java.util.Map;

/**
 * A checked {@link Application}: what every substrate knows ({@link Specification}) plus what only
 * Kubernetes needs, the pods' selector and where hooks run.
 */
public record KubernetesSpec(
    Specification specification, Map<String, String> selector, DeploymentMode deploymentMode) {
  public KubernetesSpec {
    if (specification == null) throw new IllegalArgumentException("specification is missing");
    if (selector == null || selector.isEmpty())
      throw new IllegalArgumentException("selector is empty");
    if (deploymentMode == null) throw new IllegalArgumentException("deployment mode is missing");
    selector = Map.copyOf(selector);
  }
}
