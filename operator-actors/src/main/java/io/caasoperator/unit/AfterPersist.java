package io.caasoperator.unit;

import io.caasoperator.persistence.UnitState;
import java.util.function.BiFunction;
import org.apache.pekko.japi.function.Procedure;

/**
 * Given by a {@link UnitActor} to the classes that take its commands: turns a change of its {@link
 * Incarnation} (answering action watchers or a drain once a change is in the journal) into a
 * callback for {@code thenRun}, applied to the incarnation the actor holds when the events are
 * persisted. The only way a callback changes it: the handlers themselves return theirs in a {@link
 * Step}.
 */
@FunctionalInterface
interface AfterPersist {
  Procedure<UnitState> change(BiFunction<UnitState, Incarnation, Incarnation> change);
}
