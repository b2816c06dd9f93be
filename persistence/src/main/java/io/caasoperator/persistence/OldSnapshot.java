package io.caasoperator.persistence;

/**
 * A snapshot shape an earlier version wrote that today's record cannot read as it is (its
 * components changed, not only grew: those are read as they are, see {@code
 * JournalSerializer.JournalTypes.GROWN}): read as it was written, then moved to the current shape
 * by {@link #toCurrent} (the serializer does it), so an actor recovers from any snapshot in its
 * journal. Never written again.
 */
interface OldSnapshot extends JournalEvent {
  /** The same facts in today's shape. */
  JournalEvent toCurrent();
}
