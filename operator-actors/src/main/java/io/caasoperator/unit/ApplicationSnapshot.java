package io.caasoperator.unit;

import io.caasoperator.domain.Status;
import io.caasoperator.domain.UnitAddresses;
import io.caasoperator.hooktool.PeerUnit;
import io.caasoperator.persistence.ApplicationRelations;
import java.util.List;
import java.util.Map;

/**
 * What hook tools read about the whole application, taken by the operator when a tool is called,
 * with what the substrate knows of the calling unit's network.
 *
 * @param config the effective config: the charm's defaults overlaid with the specification's
 * @param applicationStatus the status the leader set, else the operator's
 * @param addresses the calling unit's addresses, as its substrate knows them at the call
 * @param resources the specification's file resources: name to the file's path ({@code
 *     resource-get})
 * @param canAddStorage whether units' hooks may add storage instances here ({@code storage-add})
 * @param relations the application's relations with their units' and the application's databags, as
 *     the operator's journal holds them
 */
public record ApplicationSnapshot(
    String modelName,
    Map<String, Object> config,
    Map<String, String> leaderSettings,
    Status applicationStatus,
    String workloadVersion,
    List<PeerUnit> units,
    UnitAddresses addresses,
    Map<String, String> resources,
    boolean canAddStorage,
    List<ApplicationRelations.Relation> relations) {

  public ApplicationSnapshot {
    addresses = addresses == null ? UnitAddresses.UNKNOWN : addresses;
    resources = resources == null ? Map.of() : Map.copyOf(resources);
    relations = relations == null ? List.of() : List.copyOf(relations);
  }

  /** Without addresses or resources (tests of what else the tools read). */
  public ApplicationSnapshot(
      String modelName,
      Map<String, Object> config,
      Map<String, String> leaderSettings,
      Status applicationStatus,
      String workloadVersion,
      List<PeerUnit> units) {
    this(
        modelName,
        config,
        leaderSettings,
        applicationStatus,
        workloadVersion,
        units,
        UnitAddresses.UNKNOWN,
        Map.of(),
        true,
        List.of());
  }
}
