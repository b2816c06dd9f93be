package io.caasoperator.substrate;

import io.caasoperator.domain.Life;
import io.caasoperator.domain.UnitId;

/** A unit's life as the substrate sees it now. */
public record UnitObservation(UnitId unit, Life life) {}
