package io.caasoperator.pebble.changes;

import io.caasoperator.pebble.wire.WireName;
import java.util.Locale;

/**
 * A task's status, named as Pebble names them on the wire (internals/overlord/state/change.go
 * {@code Status}).
 */
public enum TaskStatus implements WireName {
  DO,
  DOING,
  DONE,
  HOLD,
  ERROR;

  /** Unlike the plan's names, Pebble capitalises its task statuses: {@code Do}, {@code Doing}. */
  @Override
  public String wire() {
    return name().charAt(0) + name().substring(1).toLowerCase(Locale.ROOT);
  }

  /** Done, Hold and Error are final. */
  public boolean ready() {
    return switch (this) {
      case DO, DOING -> false;
      case DONE, HOLD, ERROR -> true;
    };
  }
}
