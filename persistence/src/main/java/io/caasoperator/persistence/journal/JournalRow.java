package io.caasoperator.persistence.journal;

import java.util.Set;

/**
 * One event as the journal table holds it (the columns pekko-persistence-jdbc's schema defines, so
 * its read journal and tools read what this journal writes).
 *
 * @param writer the writing incarnation's uuid
 * @param timestamp epoch milliseconds of the write
 * @param adapterManifest the event adapter's manifest (empty without adapter)
 * @param serializerId the serializer of {@code payload}
 * @param serializerManifest the serializer's manifest of {@code payload}
 * @param tags rows of the tag table, keyed by the event's global ordering
 */
record JournalRow(
    String persistenceId,
    long sequenceNr,
    String writer,
    long timestamp,
    String adapterManifest,
    byte[] payload,
    int serializerId,
    String serializerManifest,
    Set<String> tags) {}
