package io.caasoperator.pebble.plan;

import io.caasoperator.pebble.wire.WireName;

/** {@code level:} of a check. */
public enum CheckLevel implements WireName {
  UNSET,
  ALIVE,
  READY;

  /**
   * @throws IllegalArgumentException for anything but "", alive, ready
   */
  public static CheckLevel parse(String text) {
    return WireName.parse(CheckLevel.class, text, t -> "level must be \"alive\" or \"ready\"");
  }
}
