package io.caasoperator.substrate.kubernetes;

import io.caasoperator.model.MatchedRelation;

/** What a {@link Relation}'s spec means in its namespace ({@link RelationJudging#judge}). */
sealed interface RelationJudgement {

  /** The spec denotes exactly this relation between two applications. */
  record Related(MatchedRelation relation) implements RelationJudgement {}

  /**
   * The spec denotes no relation (or several).
   *
   * @param reason a CamelCase word for the condition: {@code Malformed}, {@code
   *     ApplicationNotFound}, {@code Ambiguous} or {@code NoMatch}
   * @param message Juju's words where Juju has them ({@code juju integrate}'s), e.g. {@code
   *     ambiguous relation: "a b" could refer to ...}
   */
  record Refused(String reason, String message) implements RelationJudgement {}
}
