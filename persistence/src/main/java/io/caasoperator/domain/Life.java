package io.caasoperator.domain;

import com.fasterxml.jackson.annotation.JsonValue;

/** A unit's life; a unit absent from the substrate is treated as {@link #DEAD}. */
public enum Life {
  ALIVE,
  DYING,
  DEAD;

  @JsonValue
  public String label() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }
}
