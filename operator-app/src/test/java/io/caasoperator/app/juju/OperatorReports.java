package io.caasoperator.app.juju;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.caasoperator.domain.Life;
import io.caasoperator.domain.Status;
import io.caasoperator.domain.UnitId;
import io.caasoperator.http.JsonBody;
import io.caasoperator.model.ModelName;
import io.caasoperator.operator.ApplicationView;
import io.caasoperator.relation.RelationStatus;
import io.caasoperator.unit.UnitView;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * What an operator's {@code GET /v1/status} reports (real {@link UnitView}s, serialised by the
 * listener's own mapper) and the model it runs in, for the tests of the Juju-shaped answers made
 * from that report.
 */
final class OperatorReports {
  /** When every status was set. */
  static final Instant T = Instant.parse("2026-11-27T10:15:30Z");

  /** The listener's own mapper, as the status route serialises with it. */
  static final ObjectMapper JSON = JsonBody.standardMapper();

  private OperatorReports() {}

  static ModelInfo model(String name) {
    return new ModelInfo(new ModelName(name), UUID.randomUUID(), T, Map.of());
  }

  /** A unit settled after its start hook. */
  static UnitView unit(
      String name,
      boolean leader,
      String agent,
      String workload,
      String message,
      List<String> ports) {
    return new UnitView(
        UnitId.parse(name),
        Life.ALIVE,
        leader,
        Status.of(agent, "", T),
        Status.of(workload, message, T),
        1,
        null,
        null,
        0,
        "start",
        "completed",
        4,
        ports,
        null,
        null);
  }

  /** The kv-store application: its first charm deployment, led by kv-store/0, version 7.2. */
  static ApplicationView store(
      Status status, List<UnitView> units, List<RelationStatus> relations) {
    return new ApplicationView(
        "kv-store",
        status,
        new ApplicationView.CharmView("kv-store", "/charms/kv-store", "abc", 1, 0),
        0,
        "kv-store/0",
        "7.2",
        units,
        relations);
  }

  /** kv-store's peer relation {@code cluster}: its units in scope and their databags. */
  static RelationStatus cluster(
      List<String> units,
      Map<String, String> applicationData,
      Map<String, Map<String, String>> unitData) {
    return new RelationStatus(
        "cluster:0",
        "cluster",
        "kv-cluster",
        "peer",
        "kv-store",
        units,
        applicationData,
        unitData,
        List.of(),
        Map.of(),
        Map.of());
  }
}
