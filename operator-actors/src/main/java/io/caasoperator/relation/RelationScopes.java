package io.caasoperator.relation;

import io.caasoperator.domain.ApplicationName;
import io.caasoperator.domain.Life;
import io.caasoperator.domain.UnitAddresses;
import io.caasoperator.domain.UnitId;
import io.caasoperator.persistence.ApplicationRelations;
import io.caasoperator.persistence.OperatorEvent;
import io.caasoperator.persistence.OperatorEvent.RelationCreated;
import io.caasoperator.persistence.OperatorEvent.RelationUnitEntered;
import io.caasoperator.persistence.OperatorEvent.RelationUnitLeft;
import io.caasoperator.persistence.OperatorState;
import io.caasoperator.persistence.UnitRelations;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The scopes of the application's relations brought in line with its charm and its units, as Juju's
 * model does it: alone (no model around it), a peer relation per peer endpoint the charm declares
 * (created once, ids from 0, in endpoint name order); in a model, the relations come from its
 * declarations ({@link RelationDeclarations}). In every relation, peer or with another application,
 * every alive unit is in its scope, a dying or removed one out of it; a relation being removed
 * keeps its scope as it was. Pure: the plan records what it returns.
 */
public final class RelationScopes {
  private RelationScopes() {}

  /**
   * The events that bring {@code state}'s relation scopes in line with its charm and units,
   * creating its peer relations as a single application does.
   *
   * @param application this application: the other end of its peer relations
   * @param addresses where each unit is, for the settings its databag starts with
   */
  public static List<OperatorEvent> reconcile(
      OperatorState state,
      ApplicationName application,
      UnitAddresses.Source addresses,
      Instant now) {
    return reconcile(state, application, addresses, now, true);
  }

  /**
   * The events that bring {@code state}'s relation scopes in line with its charm and units.
   *
   * @param createPeers create the charm's peer relations (alone); false in a model, whose
   *     declarations create them with its ids
   */
  public static List<OperatorEvent> reconcile(
      OperatorState state,
      ApplicationName application,
      UnitAddresses.Source addresses,
      Instant now,
      boolean createPeers) {
    List<OperatorEvent> events = new ArrayList<>();
    if (state.charm() == null) return events;
    ApplicationRelations relations = state.relations();
    long lastId = relations.lastId();
    for (var peer : new TreeMap<>(state.charm().peers()).entrySet()) {
      if (createPeers && relations.byEndpoint(peer.getKey()).isEmpty()) {
        events.add(
            new RelationCreated(
                ++lastId, peer.getKey(), peer.getValue(), application.value(), now));
      }
    }
    OperatorState next = state;
    for (OperatorEvent e : events) next = next.apply(e);
    for (ApplicationRelations.Relation relation : next.relations().byId().values()) {
      // a relation being removed keeps its scope: its units depart and break it from their
      // snapshots; a peer relation of an endpoint the charm no longer declares keeps its scope too
      if (relation.removed()) continue;
      if (!relation.crossApplication() && !next.charm().peers().containsKey(relation.endpoint()))
        continue;
      for (var unit : next.units().entrySet()) {
        boolean inScope = relation.units().containsKey(unit.getKey().name());
        if (unit.getValue() == Life.ALIVE && !inScope) {
          events.add(
              new RelationUnitEntered(
                  relation.id(), unit.getKey(), initialSettings(addresses.of(unit.getKey())), now));
        } else if (unit.getValue() != Life.ALIVE && inScope) {
          events.add(new RelationUnitLeft(relation.id(), unit.getKey(), now));
        } else if (inScope) {
          addressesLearnt(relation, unit.getKey(), addresses, now).ifPresent(events::add);
        }
      }
      for (String unit : relation.units().keySet()) {
        if (!next.units().containsKey(UnitId.parse(unit)))
          events.add(new RelationUnitLeft(relation.id(), UnitId.parse(unit), now));
      }
    }
    return events;
  }

  /**
   * A unit that entered the scope before its substrate knew its addresses (a pod without an IP yet)
   * gets the address keys its databag lacks once they are known, as a change of its databag (the
   * other units run relation-changed), as long as it has none of them: a charm that set or deleted
   * one itself keeps its databag as it left it. Recorded under the unit's last applied write, so
   * its own writes are still counted as before.
   */
  private static java.util.Optional<OperatorEvent> addressesLearnt(
      ApplicationRelations.Relation relation,
      UnitId unit,
      UnitAddresses.Source addresses,
      Instant now) {
    Map<String, String> bag = relation.units().get(unit.name()).settings();
    Map<String, String> known = initialSettings(addresses.of(unit));
    // only a databag without any address key: one the charm changed or pruned itself is its own
    if (known.isEmpty() || known.keySet().stream().anyMatch(bag::containsKey))
      return java.util.Optional.empty();
    Map<String, String> filled = new TreeMap<>(known);
    filled.putAll(bag);
    return java.util.Optional.of(
        new OperatorEvent.RelationSettingsChanged(
            relation.id(),
            unit,
            relation.appliedWrites().getOrDefault(unit.name(), 0L),
            filled,
            null,
            now));
  }

  /**
   * What a unit's databag starts with, as Juju's uniter sets it when the unit enters scope ({@code
   * internal/worker/uniter/relation/relationer.go}: {@code private-address}, {@code
   * ingress-address}, {@code egress-subnets}); addresses not known yet are left out.
   */
  public static Map<String, String> initialSettings(UnitAddresses addresses) {
    Map<String, String> settings = new LinkedHashMap<>();
    if (!addresses.egressSubnets().isEmpty())
      settings.put("egress-subnets", String.join(",", addresses.egressSubnets()));
    if (!addresses.ingressAddresses().isEmpty())
      settings.put("ingress-address", addresses.ingressAddresses().getFirst());
    if (!addresses.privateAddress().isEmpty())
      settings.put("private-address", addresses.privateAddress());
    return settings;
  }

  /**
   * The relations as {@code unit} sees them: in a peer relation, the other units in scope with
   * their databags' versions, and the application databag's version; in a relation with another
   * application, that application's units and its application databag's version (the unit's own
   * application's databag, written by its leader, runs no hook on this side).
   */
  public static List<UnitRelations.RelationSnapshot> snapshots(OperatorState state, UnitId unit) {
    List<UnitRelations.RelationSnapshot> snapshots = new ArrayList<>();
    for (ApplicationRelations.Relation relation : state.relations().byId().values()) {
      if (relation.crossApplication()) {
        TreeMap<String, Long> remote = new TreeMap<>();
        relation.remoteUnits().forEach((name, bag) -> remote.put(name, bag.version()));
        snapshots.add(
            new UnitRelations.RelationSnapshot(
                relation.id(),
                relation.endpoint(),
                relation.remoteApplication(),
                remote,
                relation.remoteApplicationBag().version(),
                false,
                true,
                relation.removed()));
        continue;
      }
      TreeMap<String, Long> members = new TreeMap<>();
      relation
          .units()
          .forEach(
              (name, bag) -> {
                if (!name.equals(unit.name())) members.put(name, bag.version());
              });
      snapshots.add(
          new UnitRelations.RelationSnapshot(
              relation.id(),
              relation.endpoint(),
              relation.remoteApplication(),
              members,
              relation.application().version(),
              relation.applicationWriter().equals(unit.name()),
              false,
              relation.removed()));
    }
    return snapshots;
  }
}
