package io.caasoperator.pebble.plan;

import io.caasoperator.pebble.wire.WireName;

/**
 * How a layer's entry combines with the same entry of lower layers ({@code override:}); UNSET is
 * refused on combine.
 */
public enum Override implements WireName {
  UNSET,
  MERGE,
  REPLACE;

  /**
   * @throws IllegalArgumentException for anything but "", merge, replace
   */
  public static Override parse(String text) {
    return WireName.parse(Override.class, text, t -> "invalid \"override\" value \"" + t + "\"");
  }
}
