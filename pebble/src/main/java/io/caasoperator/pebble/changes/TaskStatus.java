package io.caasoperator.pebble.changes;

/**
 * A task's status, named as Pebble names them on the wire (internals/overlord/state/change.go
 * {@code Status}).
 */
public enum TaskStatus {
  DO("Do"),
  DOING("Doing"),
  DONE("Done"),
  HOLD("Hold"),
  ERROR("Error");

  private final String wire;

  TaskStatus(String wire) {
    this.wire = wire;
  }

  public String wire() {
    return wire;
  }

  /** Done, Hold and Error are final. */
  public boolean ready() {
    return switch (this) {
      case DO, DOING -> false;
      case DONE, HOLD, ERROR -> true;
    };
  }
}
