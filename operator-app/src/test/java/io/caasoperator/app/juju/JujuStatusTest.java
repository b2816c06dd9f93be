package io.caasoperator.app.juju;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.caasoperator.domain.Status;
import io.caasoperator.operator.ApplicationView;
import io.caasoperator.unit.UnitView;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code juju status --format json} from what an operator's {@code GET /v1/status} answers (real
 * {@link ApplicationView}s, serialised by the listener's own mapper), read back by jubilant's own
 * {@code Status._from_dict} where python3 and the vendored jubilant are there.
 */
class JujuStatusTest {
  private static final Instant T = OperatorReports.T;
  private static final ObjectMapper JSON = OperatorReports.JSON;
  private static final ModelInfo MODEL = OperatorReports.model("foo");

  @TempDir Path dir;

  private static UnitView unit(
      String name, boolean leader, String agent, String workload, String message) {
    return OperatorReports.unit(name, leader, agent, workload, message, List.of());
  }

  private static ApplicationView store(Status status, UnitView... units) {
    return OperatorReports.store(
        status, List.of(units), List.of(OperatorReports.cluster(List.of(), Map.of(), Map.of())));
  }

  private static List<BundleEdits.Entry> bundle() {
    return List.of(
        new BundleEdits.Entry("kv-store", "/charms/kv-store", 2, Map.of(), false),
        new BundleEdits.Entry(
            "kv-client", "/charms/kv-client_ubuntu-22.04-amd64.charm", 1, Map.of(), false));
  }

  private ObjectNode status(Optional<JsonNode> operator) {
    return JujuStatus.of(JSON, MODEL, operator, bundle(), T);
  }

  /**
   * kv-store as juju status shows it when its operator reports {@code status} and {@code units}.
   */
  private JsonNode shownStore(Status status, UnitView... units) {
    JsonNode operator = JSON.valueToTree(store(status, units));
    return status(Optional.of(operator)).path("applications").path("kv-store");
  }

  @Test
  void anApplicationsUnitsAndRelationsAreShownInJujusShape() {
    JsonNode app =
        shownStore(
            Status.of("active", "", T),
            unit("kv-store/0", true, "idle", "active", ""),
            unit("kv-store/1", false, "executing", "maintenance", "installing"));

    assertThat(app.path("charm").asText()).isEqualTo("local:kv-store-0");
    assertThat(app.path("charm-name").asText()).isEqualTo("kv-store");
    assertThat(app.path("charm-origin").asText()).isEqualTo("local");
    assertThat(app.path("scale").asInt()).isEqualTo(2);
    assertThat(app.path("version").asText()).isEqualTo("7.2");
    // the charm set no application status: the most severe unit's, as Juju derives it
    assertThat(app.path("application-status").path("current").asText()).isEqualTo("maintenance");
    assertThat(app.path("application-status").path("message").asText()).isEqualTo("installing");
    assertThat(app.path("relations").path("cluster").get(0).path("related-application").asText())
        .isEqualTo("kv-store");
    JsonNode leader = app.path("units").path("kv-store/0");
    assertThat(leader.path("leader").asBoolean()).isTrue();
    assertThat(leader.path("workload-status").path("current").asText()).isEqualTo("active");
    assertThat(leader.path("juju-status").path("current").asText()).isEqualTo("idle");
    assertThat(leader.path("juju-status").path("since").asText())
        .isEqualTo("27 Nov 2026 10:15:30Z");
    assertThat(leader.path("provider-id").asText()).isEqualTo("kv-store-0");
    assertThat(app.path("units").path("kv-store/1").has("leader")).isFalse();
  }

  @Test
  void whatTheOperatorSaysIsWrongWithTheApplicationWinsOverItsUnits() {
    JsonNode app =
        shownStore(
            Status.of("blocked", "charm not found", T),
            unit("kv-store/0", true, "idle", "active", ""));

    assertThat(app.path("application-status").path("current").asText()).isEqualTo("blocked");
  }

  @Test
  void applicationsNotRunYetShowWaitingAndWhy() {
    JsonNode none = status(Optional.empty()).path("applications");
    JsonNode some =
        status(Optional.of(JSON.valueToTree(store(Status.of("active", "", T)))))
            .path("applications");

    assertThat(none.path("kv-client").path("charm-name").asText()).isEqualTo("kv-client");
    assertThat(none.path("kv-client").path("application-status").path("message").asText())
        .isEqualTo("the model's operator is not running");
    assertThat(some.path("kv-client").path("application-status").path("message").asText())
        .isEqualTo("waiting for the model's operator");
  }

  @Test
  void theModelIsACaasModelOnThisMachineWithNoMachines() {
    ObjectNode status = status(Optional.empty());

    assertThat(status.path("model").path("name").asText()).isEqualTo("foo");
    assertThat(status.path("model").path("type").asText()).isEqualTo("caas");
    assertThat(status.path("model").path("version").asText()).isEqualTo(JujuDefaults.VERSION);
    assertThat(status.path("machines").isEmpty()).isTrue();
    assertThat(status.path("controller").path("timestamp").asText()).isEqualTo("10:15:30Z");
  }

  @Test
  void jubilantReadsTheStatusAndWaitsOnIt() throws Exception {
    JsonNode active =
        JSON.valueToTree(
            store(
                Status.of("active", "", T),
                unit("kv-store/0", true, "idle", "active", ""),
                unit("kv-store/1", false, "idle", "active", "")));
    Path file = dir.resolve("status.json");
    Files.writeString(file, Output.render(status(Optional.of(active)), "json"));
    String script =
        """
        import json, sys
        import jubilant
        from jubilant.statustypes import Status
        s = Status._from_dict(json.load(open(sys.argv[1])))
        print(s.model.name, s.model.type, len(s.machines))
        print(jubilant.all_active(s, 'kv-store'), jubilant.all_agents_idle(s, 'kv-store'))
        print(jubilant.all_active(s), jubilant.any_waiting(s))
        u = s.apps['kv-store'].units['kv-store/0']
        print(u.leader, u.workload_status.current, u.juju_status.current, s.apps['kv-store'].charm_name)
        print(s.apps['kv-store'].relations['cluster'][0].related_app)
        """;
    List<String> output = Jubilant.read(file, script);

    assertThat(output)
        .containsExactly(
            "foo caas 0",
            "True True",
            // kv-client is in the bundle and not run yet
            "False True",
            "True active idle kv-store",
            "kv-store");
  }
}
