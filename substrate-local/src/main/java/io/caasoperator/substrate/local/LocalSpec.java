package io.caasoperator.substrate.local;

import io.caasoperator.substrate.Specification;

/**
 * A parsed specification file: what every substrate knows about the application, plus the number of
 * units, which locally is part of the specification (on Kubernetes it is the StatefulSet's replica
 * count).
 */
public record LocalSpec(Specification specification, int scale) {
  public LocalSpec {
    if (specification == null) throw new IllegalArgumentException("specification is missing");
    if (scale < 0) throw new IllegalArgumentException("scale must be >= 0, got " + scale);
  }
}
