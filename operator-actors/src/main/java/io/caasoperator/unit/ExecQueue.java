package io.caasoperator.unit;

import io.caasoperator.domain.Life;
import io.caasoperator.persistence.UnitState;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The execs of a unit waiting for their turn, first come, first served. An exec never interrupts
 * a hook; it goes before the next one ({@link UnitResolver.Next.Exec}), so a person waiting at a
 * terminal is not starved by hooks. Immutable: the unit's actor keeps the current queue.
 *
 * @param waiting oldest first
 */
record ExecQueue(List<UnitActor.RunExec> waiting) {

  static final ExecQueue EMPTY = new ExecQueue(List.of());

  /** Why every exec is refused while the operator shuts down. */
  static final String SHUTTING_DOWN = "the operator is shutting down";

  ExecQueue {
    waiting = List.copyOf(waiting);
  }

  /**
   * Why a unit in {@code state} cannot take an exec now, or empty when it can (it then waits its
   * turn): nothing new while the operator shuts down, nothing on a unit that is going away, and
   * nothing before the unit has a charm to run it with.
   */
  static Optional<String> refusal(UnitState state, boolean draining) {
    if (draining) return Optional.of(SHUTTING_DOWN);
    if (state.life() != Life.ALIVE) return Optional.of("unit " + state.unit() + " is " + state.life().label());
    if (state.charmInUse() == null) return Optional.of("unit " + state.unit() + " has no charm yet");
    return Optional.empty();
  }

  ExecQueue add(UnitActor.RunExec exec) {
    List<UnitActor.RunExec> more = new ArrayList<>(waiting);
    more.add(exec);
    return new ExecQueue(more);
  }

  boolean isEmpty() {
    return waiting.isEmpty();
  }

  /** The exec whose turn is next. */
  UnitActor.RunExec first() {
    return waiting.getFirst();
  }

  ExecQueue withoutFirst() {
    return new ExecQueue(waiting.subList(1, waiting.size()));
  }
}
