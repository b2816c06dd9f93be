package io.caasoperator.model.runtime;

import io.caasoperator.model.MatchedRelation;
import io.caasoperator.persistence.ModelEvent;
import io.caasoperator.persistence.ModelState;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Which relation ids a model gives and retires when its relations are {@code wanted}: a relation
 * the model already has keeps its id; a new one takes the next id of the model's one sequence, in
 * the order given (each application's peers, then the bundle's relations: {@code ModelRelations});
 * one no longer wanted is retired, and its id is never given again (Juju's {@code relation}
 * sequence, {@code state/relation.go}: a relation removed and added again has a new id).
 */
public final class RelationNumbering {
  private RelationNumbering() {}

  /**
   * The events that make {@code state} number exactly {@code wanted}; none when it already does.
   */
  public static List<ModelEvent> next(ModelState state, List<MatchedRelation> wanted, Instant now) {
    Set<String> keys = new LinkedHashSet<>();
    wanted.forEach(relation -> keys.add(relation.key()));
    List<ModelEvent> events = new ArrayList<>();
    state
        .relations()
        .forEach(
            (key, id) -> {
              if (!keys.contains(key)) events.add(new ModelEvent.RelationIdRetired(key, id, now));
            });
    long nextId = state.nextId();
    for (String key : keys) {
      if (state.idOf(key).isEmpty())
        events.add(new ModelEvent.RelationIdAssigned(key, nextId++, now));
    }
    return List.copyOf(events);
  }
}
