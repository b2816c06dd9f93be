package io.caasoperator.pebble.plan;

/**
 * How a layer's entry combines with the same entry of lower layers ({@code override:}); UNSET is
 * refused on combine.
 */
public enum Override {
  UNSET(""),
  MERGE("merge"),
  REPLACE("replace");

  private final String wire;

  Override(String wire) {
    this.wire = wire;
  }

  public String wire() {
    return wire;
  }

  /**
   * @throws IllegalArgumentException for anything but "", merge, replace
   */
  public static Override parse(String text) {
    for (Override o : values()) {
      if (o.wire.equals(text)) {
        return o;
      }
    }
    throw new IllegalArgumentException("invalid \"override\" value \"" + text + "\"");
  }
}
