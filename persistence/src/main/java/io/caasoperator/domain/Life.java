package io.caasoperator.domain;

/** A unit's life; a unit absent from the substrate is treated as {@link #DEAD}. */
public enum Life implements Labelled {
  ALIVE,
  DYING,
  DEAD
}
