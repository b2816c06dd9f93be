package io.caasoperator.pebble.plan;

/**
 * {@code startup:} of a service or a check; UNSET behaves as disabled for services and enabled for
 * checks.
 */
public enum Startup {
  UNSET(""),
  ENABLED("enabled"),
  DISABLED("disabled");

  private final String wire;

  Startup(String wire) {
    this.wire = wire;
  }

  public String wire() {
    return wire;
  }

  /**
   * @throws IllegalArgumentException for anything but "", enabled, disabled
   */
  public static Startup parse(String text) {
    for (Startup s : values()) {
      if (s.wire.equals(text)) {
        return s;
      }
    }
    throw new IllegalArgumentException(
        "startup must be \"enabled\" or \"disabled\", not \"" + text + "\"");
  }
}
