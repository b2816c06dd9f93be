package io.caasoperator.operator;

import io.caasoperator.domain.Status;
import io.caasoperator.unit.UnitView;
import java.util.List;

/**
 * The application as {@code GET /v1/status} and {@code caas-operator status} show it.
 *
 * @param charm the deployed charm, or null before the first deployment
 * @param leader the leader unit's name, or null
 * @param workloadVersion what the charm reported with {@code application-version-set}
 */
public record ApplicationView(
    String application,
    Status status,
    CharmView charm,
    long configGeneration,
    String leader,
    String workloadVersion,
    List<UnitView> units) {

  /** @param generation increases with every deployment */
  public record CharmView(String name, String url, String sha256, long generation, long modifiedVersion) {}
}
