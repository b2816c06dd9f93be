package io.caasoperator.pebble.plan;

/**
 * What to do when a service exits or one of its checks fails ({@code on-success}, {@code
 * on-failure}, {@code on-check-failure}); UNSET means restart (plan.go {@code getAction}).
 */
public enum ServiceAction {
  UNSET(""),
  RESTART("restart"),
  SHUTDOWN("shutdown"),
  IGNORE("ignore"),
  FAILURE_SHUTDOWN("failure-shutdown"),
  SUCCESS_SHUTDOWN("success-shutdown");

  private final String wire;

  ServiceAction(String wire) {
    this.wire = wire;
  }

  public String wire() {
    return wire;
  }

  /** The action in force: UNSET is restart. */
  public ServiceAction effective() {
    return this == UNSET ? RESTART : this;
  }

  /**
   * @throws IllegalArgumentException for an unknown action
   */
  public static ServiceAction parse(String text) {
    for (ServiceAction a : values()) {
      if (a.wire.equals(text)) {
        return a;
      }
    }
    throw new IllegalArgumentException("action \"" + text + "\" invalid");
  }
}
