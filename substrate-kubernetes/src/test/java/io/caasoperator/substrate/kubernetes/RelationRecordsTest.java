package io.caasoperator.substrate.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.model.CharmEndpoint;
import io.caasoperator.model.RelationRole;
import io.caasoperator.relation.RelationSide;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class RelationRecordsTest {

  private static final List<CharmEndpoint> ENDPOINTS =
      List.of(
          new CharmEndpoint("db", RelationRole.PROVIDER, "mysql"),
          new CharmEndpoint("cluster", RelationRole.PEER, "mysql-ha"),
          CharmEndpoint.JUJU_INFO);

  @Test
  void endpointsAndSidesReadBackAsWritten() {
    RelationSide side =
        new RelationSide(
            3,
            "mysql",
            new TreeMap<>(Map.of("mysql/0", Map.of("host", "10.0.0.7"), "mysql/1", Map.of())),
            Map.of("database", "wordpress"));
    Map<String, String> data = RelationRecords.data(ENDPOINTS, List.of(side));
    assertThat(data).containsOnlyKeys("endpoints", "side.3");
    assertThat(RelationRecords.endpoints(data)).hasValue(ENDPOINTS);
    assertThat(RelationRecords.sides("mysql", data)).containsExactly(Map.entry(3L, side));
  }

  @Test
  void whatItDidNotWriteIsLeftOut() {
    assertThat(RelationRecords.endpoints(Map.of("endpoints", "[{\"role\":\"boss\"}]"))).isEmpty();
    assertThat(RelationRecords.endpoints(Map.of())).isEmpty();
    assertThat(RelationRecords.endpoints(null)).isEmpty();
    assertThat(RelationRecords.sides("mysql", Map.of("side.x", "{}", "side.2", "[", "other", "")))
        .isEmpty();
  }
}
