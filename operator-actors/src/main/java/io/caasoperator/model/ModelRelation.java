package io.caasoperator.model;

import io.caasoperator.domain.ApplicationName;
import java.util.Optional;

/**
 * A relation of the model and its id.
 *
 * @param id unique in the model and never given twice (Juju takes it from the model's {@code
 *     relation} sequence), from 0
 * @param relation the endpoints it joins
 */
public record ModelRelation(long id, MatchedRelation relation) {

  public ModelRelation {
    if (id < 0) throw new IllegalArgumentException("relation ids start at 0, got " + id);
  }

  /**
   * The relation's id as {@code application}'s units see it, {@code <endpoint>:<id>} ({@code
   * JUJU_RELATION_ID}, {@code relation-ids}); empty when the relation does not involve it.
   */
  public Optional<String> relationIdFor(ApplicationName application) {
    return relation.sideOf(application).map(side -> side.endpoint().name() + ":" + id);
  }
}
