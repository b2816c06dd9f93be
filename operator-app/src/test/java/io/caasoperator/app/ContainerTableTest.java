package io.caasoperator.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Units' containers below the status table: a row per service and check; nothing without
 * containers.
 */
class ContainerTableTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static JsonNode unit(String json) throws Exception {
    return JSON.readTree(json);
  }

  @Test
  void eachServiceAndCheckOfEachContainerGetsARow() throws Exception {
    String table =
        ContainerTable.render(
            List.of(
                unit(
                    """
        {"unit": "web/0", "containers": [{"name": "web", "ready": true, "bootId": "b",
          "services": [{"name": "http", "startup": "enabled", "current": "active", "since": "2026-11-23T12:00:00Z"}],
          "checks": [{"name": "up", "level": "ready", "status": "down", "failures": 3, "threshold": 3}]}]}""")));
    assertThat(table)
        .containsPattern("web/0 +web +http +enabled +active +2026-11-23T12:00:00Z")
        .containsPattern("web/0 +web +check up +ready +down +3/3");
  }

  @Test
  void aContainerWhosePebbleDoesNotAnswerYetSaysSo() throws Exception {
    assertThat(
            ContainerTable.render(
                List.of(
                    unit(
                        """
        {"unit": "web/1", "containers": [{"name": "web", "ready": false, "services": [], "checks": []}]}"""))))
        .containsPattern("web/1 +web +\\(Pebble not answering yet\\)");
  }

  @Test
  void aContainerWhosePebbleCannotStartSaysWhy() throws Exception {
    assertThat(
            ContainerTable.render(
                List.of(
                    unit(
                        """
        {"unit": "web/1", "containers": [{"name": "web", "ready": false, "services": [], "checks": [],
          "socket": "/tmp/caas-0/x/y/pebble.socket", "problem": "cannot listen: denied"}]}"""))))
        .containsPattern("web/1 +web +\\(Pebble cannot start: cannot listen: denied\\)");
  }

  @Test
  void unitsWithoutContainersAddNothing() throws Exception {
    assertThat(ContainerTable.render(List.of(unit("{\"unit\": \"web/0\", \"containers\": []}"))))
        .isEmpty();
  }

  @Test
  void followingPrintsOnlyTheLinesAfterTheLastOnePrinted() {
    assertThat(LogsCommand.after(List.of("a", "b", "c"), "b")).containsExactly("c");
    assertThat(LogsCommand.after(List.of("a", "b"), null)).containsExactly("a", "b");
    assertThat(LogsCommand.after(List.of("x", "y"), "gone from the ring"))
        .containsExactly("x", "y");
  }
}
