package io.caasoperator.relation;

import java.util.List;

/**
 * Where an operator publishes its sides of the relations it has with other applications: the model
 * passes each to the operator at the other end. Called on the operator's thread; must not block.
 */
@FunctionalInterface
public interface RelationSides {

  /** An operator with no model around it (a single application): nobody to tell. */
  RelationSides NONE = (application, sides) -> {};

  /**
   * {@code application}'s sides of all its relations with other applications, as now recorded
   * (relations it no longer has are absent).
   */
  void published(String application, List<RelationSide> sides);

  /**
   * {@code application}'s operator recovered its journal (it started, or restarted after a
   * failure): what it was told of its relations before may not have been journaled, so the model
   * tells it again. Nobody to tell by default.
   */
  default void recovered(String application) {}
}
