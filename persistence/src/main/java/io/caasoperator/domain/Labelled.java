package io.caasoperator.domain;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/**
 * An enum journaled and shown by its label, Juju's spelling of the constant: its name in lower case
 * ({@code COMPLETED} is {@code completed}). One rule instead of a label per constant; the labels
 * are persisted, so a constant is never renamed.
 */
public interface Labelled {
  /** Implemented by every enum: the constant's Java name. */
  String name();

  @JsonValue
  default String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * The constant of {@code type} labelled {@code label}.
   *
   * @param what what the enum is, for the error: {@code hook outcome}
   * @throws IllegalArgumentException {@code unknown <what> "<label>"} for any other label
   */
  static <E extends Enum<E> & Labelled> E parse(Class<E> type, String label, String what) {
    for (E constant : type.getEnumConstants()) {
      if (constant.label().equals(label)) {
        return constant;
      }
    }
    throw new IllegalArgumentException("unknown " + what + " \"" + label + "\"");
  }
}
