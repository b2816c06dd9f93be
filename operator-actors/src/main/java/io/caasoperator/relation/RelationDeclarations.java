package io.caasoperator.relation;

import io.caasoperator.domain.ApplicationName;
import io.caasoperator.persistence.ApplicationRelations;
import io.caasoperator.persistence.OperatorEvent;
import io.caasoperator.persistence.OperatorState;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The application's relations brought in line with what the model declares: a declared relation the
 * journal does not have is created with the model's id (a peer relation too: in a model the
 * operator gives no relation id itself), and a relation no longer declared is being removed (its
 * units depart and break it, as Juju's units do for a dying relation). Ids are never reused, so a
 * relation once removed is not created again. Pure: the plan records what it returns.
 */
public final class RelationDeclarations {
  private RelationDeclarations() {}

  /**
   * The events that record {@code declared} in {@code state}.
   *
   * @param application this application: a relation naming it as the remote one is a peer relation
   */
  public static List<OperatorEvent> recorded(
      OperatorState state,
      ApplicationName application,
      List<DeclaredRelation> declared,
      Instant now) {
    List<OperatorEvent> events = new ArrayList<>();
    Set<Long> ids = new HashSet<>();
    for (DeclaredRelation d : declared) {
      ids.add(d.id());
      if (state.relations().byId().containsKey(d.id())) continue;
      if (d.remoteApplication().equals(application.value())) {
        events.add(
            new OperatorEvent.RelationCreated(
                d.id(), d.endpoint(), d.interfaceName(), d.remoteApplication(), now));
      } else {
        events.add(
            new OperatorEvent.ApplicationsRelated(
                d.id(),
                d.endpoint(),
                d.interfaceName(),
                d.remoteApplication(),
                d.remoteEndpoint(),
                now));
      }
    }
    for (ApplicationRelations.Relation relation : state.relations().byId().values()) {
      if (!relation.removed() && !ids.contains(relation.id()))
        events.add(new OperatorEvent.RelationRemoved(relation.id(), now));
    }
    return events;
  }
}
