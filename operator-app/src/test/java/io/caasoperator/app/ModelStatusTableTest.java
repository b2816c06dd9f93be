package io.caasoperator.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/** A model's status shows each application, every unit and the relations, as juju status does. */
class ModelStatusTableTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static final String MODEL =
      """
      {"model": "kv",
       "applications": [
        {"application": "kv-client", "status": {"value": "active", "message": ""},
         "charm": {"name": "kv-client"}, "leader": "kv-client/0",
         "units": [{"unit": "kv-client/0", "leader": true, "life": "alive",
                    "agentStatus": {"value": "idle"}, "workloadStatus": {"value": "active", "message": "got 1"},
                    "lastHook": "start", "lastHookOutcome": "completed"}]},
        {"application": "kv-store", "status": {"value": "active", "message": ""},
         "charm": {"name": "kv-store"}, "leader": "kv-store/0",
         "units": [{"unit": "kv-store/0", "leader": true, "life": "alive",
                    "agentStatus": {"value": "idle"}, "workloadStatus": {"value": "active", "message": ""}}]}],
       "relations": [
        {"id": 0, "endpoints": ["kv-store:cluster"], "interface": "kv-cluster", "type": "peer"},
        {"id": 1, "endpoints": ["kv-client:kv", "kv-store:kv"], "interface": "kv", "type": "regular"}]}""";

  @Test
  void aModelShowsItsApplicationsUnitsAndRelations() throws Exception {
    String table = ModelStatusTable.render(JSON.readTree(MODEL));

    assertThat(table)
        .contains("Model  kv")
        .containsPattern("kv-client +kv-client +1 +active +kv-client/0")
        .containsPattern("kv-client/0\\* +alive +idle +active: got 1 +start \\(completed\\)")
        .containsPattern("kv-store:kv +kv-client:kv +kv +regular +1")
        .containsPattern("kv-store:cluster +kv-store:cluster +kv-cluster +peer +0");
  }

  @Test
  void aSingleApplicationsStatusIsNotAModel() throws Exception {
    assertThat(
            ModelStatusTable.isModel(JSON.readTree("{\"application\": \"hello\", \"units\": []}")))
        .isFalse();
    assertThat(ModelStatusTable.isModel(JSON.readTree(MODEL))).isTrue();
  }
}
