package io.caasoperator.pebble.plan;

import io.caasoperator.pebble.wire.WireName;

/**
 * What to do when a service exits or one of its checks fails ({@code on-success}, {@code
 * on-failure}, {@code on-check-failure}); UNSET means restart (plan.go {@code getAction}).
 */
public enum ServiceAction implements WireName {
  UNSET,
  RESTART,
  SHUTDOWN,
  IGNORE,
  FAILURE_SHUTDOWN,
  SUCCESS_SHUTDOWN;

  /** The action in force: UNSET is restart. */
  public ServiceAction effective() {
    return this == UNSET ? RESTART : this;
  }

  /**
   * @throws IllegalArgumentException for an unknown action
   */
  public static ServiceAction parse(String text) {
    return WireName.parse(ServiceAction.class, text, t -> "action \"" + t + "\" invalid");
  }
}
