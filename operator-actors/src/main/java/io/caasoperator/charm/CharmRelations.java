package io.caasoperator.charm;

import java.util.Map;

/**
 * The relation endpoints a charm declares in its metadata ({@code metadata.yaml} or {@code
 * charmcraft.yaml}): what a model needs to join two applications. Each map is relation name to
 * interface, in any order.
 */
public record CharmRelations(
    Map<String, String> provides, Map<String, String> requires, Map<String, String> peers) {

  public CharmRelations {
    provides = Map.copyOf(provides);
    requires = Map.copyOf(requires);
    peers = Map.copyOf(peers);
  }

  /** The endpoints of a deployed charm, read from its directory as the loader read them. */
  public static CharmRelations of(DeployedCharm charm) throws CharmException {
    CharmMetadata metadata = CharmLoader.metadata(charm.info().ref().url(), charm.dir());
    return new CharmRelations(metadata.provides(), metadata.requires(), metadata.peers());
  }
}
