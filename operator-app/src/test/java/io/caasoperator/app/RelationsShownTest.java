package io.caasoperator.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

class RelationsShownTest {

  /** A model's status as its route gives it: the kv example, related. */
  private static final String MODEL =
      """
      {"model": "kv",
       "relations": [{"id": 1, "key": "kv-client:kv kv-store:kv",
                      "endpoints": ["kv-client:kv", "kv-store:kv"], "interface": "kv",
                      "type": "regular"}],
       "applications": [
         {"application": "kv-client",
          "relations": [{"id": "kv:1", "endpoint": "kv", "interfaceName": "kv", "type": "regular",
                         "remoteApplication": "kv-store", "units": ["kv-client/0"],
                         "applicationData": {}, "unitData": {"kv-client/0": {"name": "c0"}},
                         "remoteUnits": ["kv-store/0"],
                         "remoteApplicationData": {"endpoint": "kv://kv-store/0:6379"},
                         "remoteUnitData": {"kv-store/0": {"name": "s0"}}}]},
         {"application": "kv-store",
          "relations": [{"id": "kv:1", "endpoint": "kv", "interfaceName": "kv", "type": "regular",
                         "remoteApplication": "kv-client", "units": ["kv-store/0"],
                         "applicationData": {"endpoint": "kv://kv-store/0:6379"},
                         "unitData": {"kv-store/0": {"name": "s0"}},
                         "remoteUnits": ["kv-client/0"], "remoteApplicationData": {},
                         "remoteUnitData": {"kv-client/0": {"name": "c0"}}}]}]}
      """;

  private final ObjectMapper json = new ObjectMapper();

  @Test
  void aModelsRelationShowsBothSidesDatabags() throws Exception {
    JsonNode shown = RelationsShown.of(json.readTree(MODEL), null);
    JsonNode databags = shown.path("1").path("databags");
    assertThat(shown.path("1").path("key").asText()).isEqualTo("kv-client:kv kv-store:kv");
    assertThat(databags.path("kv-store").path("application-data").path("endpoint").asText())
        .isEqualTo("kv://kv-store/0:6379");
    assertThat(databags.path("kv-client").path("units").path("kv-client/0").path("name").asText())
        .isEqualTo("c0");
    assertThat(databags.path("kv-store").path("units").path("kv-store/0").path("name").asText())
        .isEqualTo("s0");
  }

  @Test
  void aUnitSeesTheOtherApplicationsUnitsAndDatabagAcrossARelation() throws Exception {
    JsonNode seen = RelationsShown.of(json.readTree(MODEL), "kv-client/0").path("kv:1");
    assertThat(seen.path("related-application").asText()).isEqualTo("kv-store");
    assertThat(seen.path("application-data").path("endpoint").asText())
        .isEqualTo("kv://kv-store/0:6379");
    assertThat(seen.path("local-unit").path("name").asText()).isEqualTo("c0");
    assertThat(seen.path("related-units").path("kv-store/0").path("name").asText()).isEqualTo("s0");
    assertThat(seen.path("in-scope").toString()).isEqualTo("[\"kv-client/0\",\"kv-store/0\"]");
  }

  @Test
  void oneApplicationsPeerRelationIsShownAsItsOperatorRecordsIt() throws Exception {
    String single =
        """
        {"application": "db",
         "relations": [{"id": "cluster:0", "endpoint": "cluster", "interfaceName": "db-peers",
                        "type": "peer", "remoteApplication": "db", "units": ["db/0", "db/1"],
                        "applicationData": {"leader": "db/0"},
                        "unitData": {"db/0": {"hello": "db/0"}, "db/1": {"hello": "db/1"}}}]}
        """;
    JsonNode seen = RelationsShown.of(json.readTree(single), "db/1").path("cluster:0");
    assertThat(seen.path("application-data").path("leader").asText()).isEqualTo("db/0");
    assertThat(seen.path("local-unit").path("hello").asText()).isEqualTo("db/1");
    assertThat(seen.path("related-units").fieldNames()).toIterable().containsExactly("db/0");
    assertThat(RelationsShown.of(json.readTree(single), null).path("cluster:0").path("units"))
        .hasSize(2);
  }
}
