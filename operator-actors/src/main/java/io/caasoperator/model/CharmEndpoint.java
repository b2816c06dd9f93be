package io.caasoperator.model;

import io.caasoperator.charm.CharmRelations;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * One relation endpoint a charm declares: its name, role and interface.
 *
 * @param name the relation name in the charm's metadata, e.g. {@code db}
 * @param role provides, requires or peers
 * @param interfaceName the interface both ends must share, e.g. {@code mysql}
 */
public record CharmEndpoint(String name, RelationRole role, String interfaceName) {

  /**
   * The endpoint every application provides without declaring it (Juju's {@code
   * Application.Endpoints}, {@code state/application.go}).
   */
  public static final CharmEndpoint JUJU_INFO =
      new CharmEndpoint("juju-info", RelationRole.PROVIDER, "juju-info");

  /**
   * Whether Juju treats this endpoint as implicit: an ambiguity that only an implicit endpoint
   * causes is resolved by leaving it out (charm's {@code Relation.IsImplicit}).
   */
  public boolean isImplicit() {
    return equals(JUJU_INFO);
  }

  /**
   * Every endpoint of a charm, the implicit {@code juju-info} included, in Juju's order: by role
   * (requirer, provider, peer), then by name.
   */
  public static List<CharmEndpoint> of(CharmRelations relations) {
    List<CharmEndpoint> endpoints = new ArrayList<>();
    add(endpoints, relations.provides(), RelationRole.PROVIDER);
    add(endpoints, relations.requires(), RelationRole.REQUIRER);
    add(endpoints, relations.peers(), RelationRole.PEER);
    // A charm that declares its own juju-info is refused by Juju's charm validation; keep the
    // charm's if it does, rather than listing the name twice.
    if (endpoints.stream().noneMatch(e -> e.name().equals(JUJU_INFO.name())))
      endpoints.add(JUJU_INFO);
    endpoints.sort(
        Comparator.comparingInt((CharmEndpoint e) -> e.role().keyOrder())
            .thenComparing(CharmEndpoint::name));
    return List.copyOf(endpoints);
  }

  private static void add(
      List<CharmEndpoint> endpoints, Map<String, String> byName, RelationRole role) {
    byName.forEach((name, iface) -> endpoints.add(new CharmEndpoint(name, role, iface)));
  }
}
