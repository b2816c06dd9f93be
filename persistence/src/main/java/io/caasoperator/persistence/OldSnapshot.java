package io.caasoperator.persistence;

/**
 * A snapshot shape an earlier version wrote: read as it was written, then moved to the current
 * shape by {@link #toCurrent} (the serializer does it), so an actor recovers from any snapshot in
 * its journal. Never written again.
 */
interface OldSnapshot extends JournalEvent {
  /** The same facts in today's shape. */
  JournalEvent toCurrent();
}
