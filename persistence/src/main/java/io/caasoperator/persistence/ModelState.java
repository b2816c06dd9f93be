package io.caasoperator.persistence;

import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The relation ids a model has given, rebuilt from its journal.
 *
 * @param relations each relation in the model now, by key, with its id
 * @param nextId the next id to give: one more than every id ever given, retired ones included
 */
public record ModelState(Map<String, Long> relations, long nextId) {

  public static final ModelState EMPTY = new ModelState(Map.of(), 0);

  public ModelState {
    relations = Collections.unmodifiableSortedMap(new TreeMap<>(relations));
    if (nextId < 0) throw new IllegalArgumentException("ids start at 0, got " + nextId);
  }

  public Optional<Long> idOf(String key) {
    return Optional.ofNullable(relations.get(key));
  }

  public ModelState apply(ModelEvent event) {
    Map<String, Long> next = new TreeMap<>(relations);
    return switch (event) {
      case ModelEvent.RelationIdAssigned assigned -> {
        next.put(assigned.key(), assigned.id());
        yield new ModelState(next, Math.max(nextId, assigned.id() + 1));
      }
      case ModelEvent.RelationIdRetired retired -> {
        next.remove(retired.key(), retired.id());
        yield new ModelState(next, Math.max(nextId, retired.id() + 1));
      }
    };
  }
}
