package io.caasoperator.persistence;

/**
 * Marker for everything written to the journal (events and snapshots). Each concrete type has a
 * stable name ({@link StableName}) that is stored as the serializer manifest, so classes can be
 * renamed or moved without breaking old journals.
 */
public interface JournalEvent {}
