package io.caasoperator.pebble.wire;

import java.util.Locale;
import java.util.function.Function;

/**
 * An enum whose constants Pebble names on the wire (plan YAML, API bodies) the way its Go constants
 * spell them: the constant's name in lower case with {@code -} for {@code _} ({@code
 * FAILURE_SHUTDOWN} is {@code failure-shutdown}), and {@code UNSET} as {@code ""}, the zero value
 * Go leaves in a field the layer did not set. One rule instead of a name per constant.
 */
public interface WireName {
  /** Implemented by every enum: the constant's Java name. */
  String name();

  /** The name on the wire. */
  default String wire() {
    return name().equals("UNSET") ? "" : name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  /**
   * The constant of {@code type} named {@code text} on the wire.
   *
   * @param refusal Pebble's error text for a name it does not know, given that name
   * @throws IllegalArgumentException with {@code refusal}'s text for any other name
   */
  static <E extends Enum<E> & WireName> E parse(
      Class<E> type, String text, Function<String, String> refusal) {
    for (E constant : type.getEnumConstants()) {
      if (constant.wire().equals(text)) {
        return constant;
      }
    }
    throw new IllegalArgumentException(refusal.apply(text));
  }
}
