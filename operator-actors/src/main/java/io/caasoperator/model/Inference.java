package io.caasoperator.model;

/** What {@link EndpointMatching#infer} found: the relation, or Juju's reason why there is none. */
public sealed interface Inference {

  /** The names given denote exactly this relation. */
  record Found(MatchedRelation relation) implements Inference {}

  /**
   * No relation, or more than one, fits the names given.
   *
   * @param reason Juju's own words, e.g. {@code no relations found}
   */
  record Refused(String reason) implements Inference {}
}
