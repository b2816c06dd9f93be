package io.caasoperator.action;

import io.caasoperator.domain.UnitId;
import io.caasoperator.persistence.UnitState;
import java.util.List;

/** How a request to run a charm action went. */
public sealed interface ActionReply {
  /** It is queued (its status {@code pending}), or it already was. */
  record Queued(UnitId unit, UnitState.UnitAction action) implements ActionReply {}

  /**
   * It was not queued; {@code detail} is a sentence for people.
   *
   * @param knownActions for {@link Refusal#UNKNOWN_ACTION}: the actions the unit's charm defines
   * @param problems for {@link Refusal#INVALID_PARAMETERS}: what is wrong, one line each
   */
  record Refused(Refusal reason, String detail, List<String> knownActions, List<String> problems)
      implements ActionReply {
    public Refused {
      knownActions = List.copyOf(knownActions);
      problems = List.copyOf(problems);
    }
  }

  enum Refusal {
    UNKNOWN_UNIT,
    /** the unit's charm defines no such action */
    UNKNOWN_ACTION,
    /** the parameters do not satisfy the action's schema */
    INVALID_PARAMETERS,
    /** the unit exists but cannot take it now (dying, no charm yet, shutting down) */
    UNAVAILABLE
  }
}
