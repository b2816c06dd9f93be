package io.caasoperator.model.runtime;

import io.caasoperator.domain.ApplicationName;
import io.caasoperator.relation.DeclaredRelation;
import io.caasoperator.relation.RelationSide;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The latest side each application published of each relation it has with another, and where the
 * model hands them: each side to the application at the other end of its relation. Sides are
 * level-triggered (a side is the whole of it), so the latest is all that is kept, and is handed
 * again after a relation is declared anew.
 *
 * @param latest the latest side by relation id, then by publishing application
 */
public record SideRelay(Map<Long, Map<String, RelationSide>> latest) {

  public static final SideRelay EMPTY = new SideRelay(Map.of());

  public SideRelay {
    Map<Long, Map<String, RelationSide>> copy = new HashMap<>();
    latest.forEach((id, sides) -> copy.put(id, Map.copyOf(sides)));
    latest = Map.copyOf(copy);
  }

  /** A side for the operator of {@code application}. */
  public record Delivery(ApplicationName application, RelationSide side) {}

  /** What the relay holds and hands out after a publication. */
  public record Relayed(SideRelay relay, List<Delivery> deliveries) {}

  /**
   * {@code application} published {@code sides}: each of a relation the model declares goes to the
   * other end; sides of relations the model does not (or no longer) declare are dropped.
   */
  public Relayed published(
      ApplicationName application, List<RelationSide> sides, Declarations declarations) {
    Map<Long, Map<String, RelationSide>> next = new HashMap<>(latest);
    List<Delivery> deliveries = new ArrayList<>();
    for (RelationSide side : sides) {
      Optional<ApplicationName> remote = declarations.remoteOf(application, side.relationId());
      if (remote.isEmpty() || !side.application().equals(application.value())) continue;
      Map<String, RelationSide> ofRelation =
          new HashMap<>(next.getOrDefault(side.relationId(), Map.of()));
      if (side.equals(ofRelation.get(application.value()))) continue; // nothing new
      ofRelation.put(application.value(), side);
      next.put(side.relationId(), ofRelation);
      deliveries.add(new Delivery(remote.get(), side));
    }
    return new Relayed(new SideRelay(next), deliveries);
  }

  /**
   * After the model declared {@code declarations}: the sides kept only of relations still declared,
   * and, for {@code application}, the latest side of each remote end of its relations.
   */
  public Relayed declared(ApplicationName application, Declarations declarations) {
    Map<Long, Map<String, RelationSide>> kept = new HashMap<>();
    latest.forEach(
        (id, sides) -> {
          boolean declared =
              declarations.byApplication().values().stream()
                  .flatMap(List::stream)
                  .anyMatch(r -> r.id() == id);
          if (declared) kept.put(id, sides);
        });
    List<Delivery> deliveries = new ArrayList<>();
    for (DeclaredRelation relation : declarations.of(application)) {
      if (relation.remoteApplication().equals(application.value())) continue; // a peer relation
      RelationSide remote =
          kept.getOrDefault(relation.id(), Map.of()).get(relation.remoteApplication());
      if (remote != null) deliveries.add(new Delivery(application, remote));
    }
    return new Relayed(new SideRelay(kept), deliveries);
  }
}
