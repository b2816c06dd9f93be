package io.caasoperator.substrate.kubernetes;

import java.util.Locale;
import java.util.Optional;

/** Where hooks run: inside each unit's workload container, or in the operator's own process. */
public enum DeploymentMode {
  /** Hooks run in the unit's pod through the exec API, after the charm was copied there. */
  WORKLOAD,
  /** Hooks run as local processes of the operator (charms without workload containers). */
  OPERATOR;

  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The mode a spec names ({@code workload} or {@code operator}), or empty when unknown. */
  public static Optional<DeploymentMode> parse(String text) {
    for (DeploymentMode mode : values()) {
      if (mode.label().equals(text)) return Optional.of(mode);
    }
    return Optional.empty();
  }
}
