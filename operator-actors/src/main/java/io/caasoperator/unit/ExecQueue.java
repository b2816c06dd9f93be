package io.caasoperator.unit;

import java.util.ArrayList;
import java.util.List;

/**
 * The execs of a unit waiting for their turn, first come, first served. An exec never interrupts a
 * hook; it goes before the next one ({@link UnitResolver.Next.Exec}), so a person waiting at a
 * terminal is not starved by hooks. Charm actions wait in the unit's journal instead (they survive
 * a restart); each exec remembers the last action waiting when it came, so actions and execs run in
 * the order they arrived. Whether a unit takes an exec at all is decided as for an action ({@link
 * io.caasoperator.action.ActionRequests#refusal}). Immutable: the unit's actor keeps the current
 * queue.
 *
 * @param entries oldest first
 */
record ExecQueue(List<Entry> entries) {

  /**
   * @param afterAction the id of the last charm action waiting when the exec arrived (0: none)
   */
  record Entry(UnitActor.RunExec exec, long afterAction) {}

  static final ExecQueue EMPTY = new ExecQueue(List.of());

  ExecQueue {
    entries = List.copyOf(entries);
  }

  /** With {@code exec} last, after every action up to {@code afterAction}. */
  ExecQueue add(UnitActor.RunExec exec, long afterAction) {
    List<Entry> more = new ArrayList<>(entries);
    more.add(new Entry(exec, afterAction));
    return new ExecQueue(more);
  }

  /** With {@code exec} last, after every action waiting. */
  ExecQueue add(UnitActor.RunExec exec) {
    return add(exec, Long.MAX_VALUE);
  }

  /** The waiting execs, oldest first. */
  List<UnitActor.RunExec> waiting() {
    return entries.stream().map(Entry::exec).toList();
  }

  boolean isEmpty() {
    return entries.isEmpty();
  }

  /** The exec whose turn is next. */
  UnitActor.RunExec first() {
    return entries.getFirst().exec();
  }

  /** The last action that goes before {@link #first()} (0: none; meaningless when empty). */
  long firstAfterAction() {
    return entries.isEmpty() ? 0 : entries.getFirst().afterAction();
  }

  ExecQueue withoutFirst() {
    return new ExecQueue(entries.subList(1, entries.size()));
  }
}
