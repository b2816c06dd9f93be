package io.caasoperator.model;

import io.caasoperator.domain.ApplicationName;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The endpoints a relation joins: one for a peer relation, two (a requirer and a provider of one
 * interface) between applications; kept in Juju's key order.
 */
public record MatchedRelation(List<RelationEndpoint> endpoints) {

  public MatchedRelation {
    if (endpoints.isEmpty() || endpoints.size() > 2)
      throw new IllegalArgumentException("a relation has one or two endpoints");
    endpoints = endpoints.stream().sorted(RelationEndpoint.KEY_ORDER).toList();
  }

  /**
   * The relation's key as Juju forms and prints it: its endpoints in key order, requirer first
   * ({@code "wordpress:db mysql:server"}; {@code relationKey}, {@code state/relation.go}).
   */
  public String key() {
    return endpoints.stream().map(RelationEndpoint::toString).collect(Collectors.joining(" "));
  }

  public boolean isPeer() {
    return endpoints.size() == 1;
  }

  public String interfaceName() {
    return endpoints.getFirst().endpoint().interfaceName();
  }

  /** The end with this role, if the relation has one. */
  public Optional<RelationEndpoint> end(RelationRole role) {
    return endpoints.stream().filter(e -> e.endpoint().role() == role).findFirst();
  }

  /** The end on {@code application}'s side, if the relation involves it. */
  public Optional<RelationEndpoint> sideOf(ApplicationName application) {
    return endpoints.stream().filter(e -> e.application().equals(application)).findFirst();
  }
}
