package io.caasoperator.relation;

import io.caasoperator.persistence.ApplicationRelations;
import io.caasoperator.persistence.OperatorEvent;
import io.caasoperator.persistence.OperatorState;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The other application's side of a relation, as the model hands it over: recorded only when it
 * differs from what the journal holds (a unit entered or left, a unit's or the application's
 * databag changed), so the model may hand the same side again (it does, level-triggered, after
 * every declaration) at no cost. A side of a relation this application does not have, is removing,
 * or of another application than the relation's is ignored. Pure.
 */
public final class RemoteSides {
  private RemoteSides() {}

  /** The event recording {@code side}, if it changes anything. */
  public static Optional<OperatorEvent> recorded(
      OperatorState state, RelationSide side, Instant now) {
    ApplicationRelations.Relation relation = state.relations().byId().get(side.relationId());
    if (relation == null
        || !relation.crossApplication()
        || relation.removed()
        || !relation.remoteApplication().equals(side.application())) return Optional.empty();
    TreeMap<String, Map<String, String>> known = new TreeMap<>();
    relation.remoteUnits().forEach((name, bag) -> known.put(name, bag.settings()));
    if (known.equals(side.units())
        && relation.remoteApplicationBag().settings().equals(side.applicationSettings()))
      return Optional.empty();
    return Optional.of(
        new OperatorEvent.RemoteRelationChanged(
            side.relationId(), side.units(), side.applicationSettings(), now));
  }

  /**
   * This application's sides of its relations with other applications, as the journal holds them:
   * its units in scope with their databags, and its application databag. Relations being removed
   * have none.
   */
  public static java.util.List<RelationSide> own(OperatorState state, String application) {
    java.util.List<RelationSide> sides = new java.util.ArrayList<>();
    for (ApplicationRelations.Relation relation : state.relations().byId().values()) {
      if (!relation.crossApplication() || relation.removed()) continue;
      TreeMap<String, Map<String, String>> units = new TreeMap<>();
      relation.units().forEach((name, bag) -> units.put(name, bag.settings()));
      sides.add(
          new RelationSide(relation.id(), application, units, relation.application().settings()));
    }
    return sides;
  }
}
