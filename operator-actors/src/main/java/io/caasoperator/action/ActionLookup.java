package io.caasoperator.action;

import io.caasoperator.domain.UnitId;
import io.caasoperator.persistence.UnitState;

/** An action as a unit keeps it; {@code action} null when it does not ({@code detail} says so). */
public record ActionLookup(UnitId unit, UnitState.UnitAction action, String detail) {}
