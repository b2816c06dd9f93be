package io.caasoperator.substrate.kubernetes;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The namespace's relation ids, as its ConfigMap {@value #NAME} holds them: one sequence for every
 * relation of every application of the namespace (the namespace is the model), peer relations
 * included, so that ids are unique in it as Juju's are in a model; each relation's id with the key
 * and interface it was made with, so that what a relation joins never changes once it has its id.
 * Ids are never given twice ({@code next} only grows): a Relation deleted and created again is a
 * new relation with a new id, as in Juju ({@code state/relation.go}).
 *
 * <p>One ConfigMap written by compare-and-swap (an update guarded by its {@code resourceVersion}),
 * so two operators giving ids at once never give the same one: the loser reads again and finds its
 * relation numbered, or numbers it after the winner's. Pure: the I/O is {@link ClusterRelations}'.
 *
 * @param next the next id to give
 * @param entries by name: {@code relation.<uid>} for a Relation object, {@code
 *     peer.<application>.<endpoint>} for a peer relation
 */
record RelationLedger(long next, Map<String, Entry> entries) {

  /** The ConfigMap that holds the ledger. */
  static final String NAME = "caas-relation-ledger";

  private static final String NEXT = "next";
  private static final ObjectMapper JSON = new ObjectMapper();

  static final RelationLedger EMPTY = new RelationLedger(0, Map.of());

  RelationLedger {
    entries = Collections.unmodifiableSortedMap(new TreeMap<>(entries));
  }

  /**
   * One relation's id and what it joins.
   *
   * @param key Juju's relation key ({@code wordpress:db mysql:server}; a peer's {@code
   *     app:endpoint})
   */
  record Entry(long id, String key, String interfaceName) {}

  /** A relation to number: its ledger name, key and interface. */
  record Wanted(String name, String key, String interfaceName) {}

  static String relationName(String uid) {
    return "relation." + uid;
  }

  static String peerName(String application, String endpoint) {
    return "peer." + application + "." + endpoint;
  }

  Optional<Entry> of(String name) {
    return Optional.ofNullable(entries.get(name));
  }

  /** This ledger with an id for each of {@code wanted} it lacks, in the order given. */
  RelationLedger numbering(List<Wanted> wanted) {
    Map<String, Entry> next = new TreeMap<>(entries);
    long id = this.next;
    for (Wanted w : wanted) {
      if (next.containsKey(w.name())) continue;
      next.put(w.name(), new Entry(id++, w.key(), w.interfaceName()));
    }
    return new RelationLedger(id, next);
  }

  /**
   * A ledger rebuilt from what Relation objects' statuses mirror, for when its ConfigMap is missing
   * (never made, or deleted): their ids are kept, and the sequence goes on after the highest, so no
   * id is given twice that a status still shows. Peer ids cannot be rebuilt (no object shows them).
   */
  static RelationLedger rebuilt(Map<String, Entry> fromStatuses) {
    long next = fromStatuses.values().stream().mapToLong(e -> e.id() + 1).max().orElse(0);
    return new RelationLedger(next, fromStatuses);
  }

  /** The ConfigMap's data: {@code next} and one JSON line per entry. */
  Map<String, String> data() {
    Map<String, String> data = new TreeMap<>();
    data.put(NEXT, Long.toString(next));
    entries.forEach((name, entry) -> data.put(name, write(entry)));
    return data;
  }

  /**
   * The ledger a ConfigMap's data holds. An entry that does not parse is left out, and {@code next}
   * is kept above every id read, so a hand-edited ledger cannot make an id be given twice.
   */
  static RelationLedger read(Map<String, String> data) {
    if (data == null) return EMPTY;
    Map<String, Entry> entries = new TreeMap<>();
    long next = 0;
    for (Map.Entry<String, String> line : data.entrySet()) {
      if (line.getKey().equals(NEXT)) {
        try {
          next = Math.max(next, Long.parseLong(line.getValue().trim()));
        } catch (NumberFormatException e) {
          // rebuilt from the entries below
        }
        continue;
      }
      try {
        Entry entry = JSON.readValue(line.getValue(), Entry.class);
        entries.put(line.getKey(), entry);
        next = Math.max(next, entry.id() + 1);
      } catch (JsonProcessingException e) {
        // not an entry this ledger wrote
      }
    }
    return new RelationLedger(next, entries);
  }

  private static String write(Entry entry) {
    try {
      return JSON.writeValueAsString(entry);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a ledger entry is always JSON", e);
    }
  }
}
