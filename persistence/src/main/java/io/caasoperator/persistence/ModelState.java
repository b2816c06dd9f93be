package io.caasoperator.persistence;

import io.caasoperator.domain.Life;
import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The relation ids a model has given and the applications it has, rebuilt from its journal.
 *
 * @param relations each relation in the model now, by key, with its id
 * @param nextId the next id to give: one more than every id ever given, retired ones included
 * @param applications each application of the model, by name, {@link Life#ALIVE} or {@link
 *     Life#DYING} (removed, its units not yet gone); an application gone is absent. Empty for a
 *     journal written before the model journaled its applications: the next bundle read adds them
 */
public record ModelState(Map<String, Long> relations, long nextId, Map<String, Life> applications) {

  public static final ModelState EMPTY = new ModelState(Map.of(), 0, Map.of());

  public ModelState {
    relations = Collections.unmodifiableSortedMap(new TreeMap<>(relations));
    if (nextId < 0) throw new IllegalArgumentException("ids start at 0, got " + nextId);
    applications =
        Collections.unmodifiableSortedMap(
            new TreeMap<>(applications == null ? Map.of() : applications));
  }

  public Optional<Long> idOf(String key) {
    return Optional.ofNullable(relations.get(key));
  }

  /** {@code application}'s life in the model; empty when the model does not have it. */
  public Optional<Life> lifeOf(String application) {
    return Optional.ofNullable(applications.get(application));
  }

  public ModelState apply(ModelEvent event) {
    return switch (event) {
      case ModelEvent.RelationIdAssigned assigned -> {
        Map<String, Long> next = new TreeMap<>(relations);
        next.put(assigned.key(), assigned.id());
        yield new ModelState(next, Math.max(nextId, assigned.id() + 1), applications);
      }
      case ModelEvent.RelationIdRetired retired -> {
        Map<String, Long> next = new TreeMap<>(relations);
        next.remove(retired.key(), retired.id());
        yield new ModelState(next, Math.max(nextId, retired.id() + 1), applications);
      }
      case ModelEvent.ApplicationAdded added -> withLife(added.application(), Life.ALIVE);
      case ModelEvent.ApplicationRemoving removing -> withLife(removing.application(), Life.DYING);
      case ModelEvent.ApplicationRemoved removed -> withLife(removed.application(), null);
    };
  }

  /** A copy with {@code application}'s life {@code life}; null: the application is gone. */
  private ModelState withLife(String application, Life life) {
    Map<String, Life> next = new TreeMap<>(applications);
    if (life == null) next.remove(application);
    else next.put(application, life);
    return new ModelState(relations, nextId, next);
  }
}
