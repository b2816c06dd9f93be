package io.caasoperator.pebble.plan;

/** {@code level:} of a check. */
public enum CheckLevel {
  UNSET(""),
  ALIVE("alive"),
  READY("ready");

  private final String wire;

  CheckLevel(String wire) {
    this.wire = wire;
  }

  public String wire() {
    return wire;
  }

  /**
   * @throws IllegalArgumentException for anything but "", alive, ready
   */
  public static CheckLevel parse(String text) {
    for (CheckLevel l : values()) {
      if (l.wire.equals(text)) {
        return l;
      }
    }
    throw new IllegalArgumentException("level must be \"alive\" or \"ready\"");
  }
}
