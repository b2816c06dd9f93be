package io.caasoperator.unit;

import io.caasoperator.persistence.UnitEvent;
import io.caasoperator.persistence.UnitState;
import org.apache.pekko.persistence.typed.javadsl.Effect;

/**
 * What a {@link UnitActor}'s command handler decided: the {@link Incarnation} the actor keeps from
 * now on, and the effect (events to persist, what runs once they are, replies). Every handler takes
 * the incarnation the actor holds and returns one of these; only the actor keeps it.
 */
record Step(Incarnation next, Effect<UnitEvent, UnitState> effect) {}
