package io.caasoperator.pebble.plan;

import io.caasoperator.pebble.wire.WireName;

/**
 * {@code startup:} of a service or a check; UNSET behaves as disabled for services and enabled for
 * checks.
 */
public enum Startup implements WireName {
  UNSET,
  ENABLED,
  DISABLED;

  /**
   * @throws IllegalArgumentException for anything but "", enabled, disabled
   */
  public static Startup parse(String text) {
    return WireName.parse(
        Startup.class, text, t -> "startup must be \"enabled\" or \"disabled\", not \"" + t + "\"");
  }
}
