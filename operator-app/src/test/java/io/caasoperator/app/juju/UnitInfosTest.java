package io.caasoperator.app.juju;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.caasoperator.domain.Status;
import io.caasoperator.operator.ApplicationView;
import io.caasoperator.relation.RelationStatus;
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
 * {@code juju show-unit} from a model's report ({@code GET /v1/status} of the kv example: a store
 * of two peers, a client related to it), in the shape Juju 3.6's {@code showunit.go} prints and
 * jubilant's {@code UnitInfo._from_dict} reads.
 */
class UnitInfosTest {
  private static final Instant T = OperatorReports.T;
  private static final ObjectMapper JSON = OperatorReports.JSON;
  private static final ModelInfo MODEL = OperatorReports.model("kv");

  @TempDir Path dir;

  private static UnitView unit(String name, boolean leader, List<String> ports) {
    return OperatorReports.unit(name, leader, "idle", "active", "", ports);
  }

  /** The store: peers in "cluster", and the client related on "kv"; kv-store/2 not yet in scope. */
  private static ApplicationView store() {
    return OperatorReports.store(
        Status.of("active", "", T),
        List.of(
            unit("kv-store/0", true, List.of("6379/tcp")),
            unit("kv-store/1", false, List.of()),
            unit("kv-store/2", false, List.of())),
        List.of(
            OperatorReports.cluster(
                List.of("kv-store/0", "kv-store/1"),
                Map.of("primary", "kv-store/0"),
                Map.of("kv-store/0", Map.of("name", "s0"), "kv-store/1", Map.of("name", "s1"))),
            new RelationStatus(
                "kv:1",
                "kv",
                "kv",
                "regular",
                "kv-client",
                List.of("kv-store/0", "kv-store/1"),
                Map.of("endpoint", "kv://kv-store/0:6379"),
                Map.of("kv-store/0", Map.of("name", "s0")),
                List.of("kv-client/0"),
                Map.of(),
                Map.of("kv-client/0", Map.of("name", "c0")))));
  }

  private static ApplicationView client() {
    return new ApplicationView(
        "kv-client",
        Status.of("active", "", T),
        new ApplicationView.CharmView("kv-client", "/charms/kv-client", "def", 2, 0),
        0,
        "kv-client/0",
        null,
        List.of(unit("kv-client/0", true, List.of()).withAddress("127.0.0.1")),
        List.of(
            new RelationStatus(
                "kv:1",
                "kv",
                "kv",
                "regular",
                "kv-store",
                List.of("kv-client/0"),
                Map.of(),
                Map.of("kv-client/0", Map.of("name", "c0")),
                List.of("kv-store/0", "kv-store/1"),
                Map.of("endpoint", "kv://kv-store/0:6379"),
                Map.of("kv-store/0", Map.of("name", "s0"), "kv-store/1", Map.of()))));
  }

  /** As the model's status route answers: its applications and its relations. */
  private static JsonNode report() {
    ObjectNode report = JSON.createObjectNode();
    report.put("model", "kv");
    report.putArray("applications").add(JSON.valueToTree(store())).add(JSON.valueToTree(client()));
    ObjectNode relation = report.putArray("relations").addObject();
    relation.put("id", 1).put("key", "kv-client:kv kv-store:db");
    relation.putArray("endpoints").add("kv-client:kv").add("kv-store:db");
    relation.put("interface", "kv").put("type", "regular");
    return report;
  }

  private static JsonNode shown(UnitInfos infos, String format, String... units) {
    JsonNode report = report();
    ObjectNode status =
        JujuStatus.of(
            JSON,
            MODEL,
            Optional.of(report),
            List.of(
                new BundleEdits.Entry("kv-store", "/charms/kv-store", 3, Map.of(), false),
                new BundleEdits.Entry("kv-client", "/charms/kv-client", 1, Map.of(), false)),
            T);
    return infos.of(report, status, List.of(units), format);
  }

  @Test
  void aUnitShowsTheRelatedApplicationsDatabagAndEachRelatedUnitInScopeOrNot() {
    JsonNode client = shown(UnitInfos.ALL, "json", "kv-client/0").path("kv-client/0");

    assertThat(client.path("charm").asText()).isEqualTo("local:kv-client-1");
    assertThat(client.path("leader").asBoolean()).isTrue();
    assertThat(client.path("provider-id").asText()).isEqualTo("kv-client-0");
    assertThat(client.path("address").asText()).isEqualTo("127.0.0.1");
    assertThat(client.path("opened-ports").isArray()).isTrue();
    JsonNode kv = client.path("relation-info").get(0);
    assertThat(kv.path("relation-id").asInt()).isEqualTo(1);
    assertThat(kv.path("endpoint").asText()).isEqualTo("kv");
    assertThat(kv.path("related-endpoint").asText()).isEqualTo("db");
    assertThat(kv.path("application-data").path("endpoint").asText())
        .isEqualTo("kv://kv-store/0:6379");
    JsonNode related = kv.path("related-units");
    assertThat(related.fieldNames())
        .toIterable()
        .containsExactly("kv-store/0", "kv-store/1", "kv-store/2");
    assertThat(related.path("kv-store/0").path("in-scope").asBoolean()).isTrue();
    assertThat(related.path("kv-store/0").path("data").path("name").asText()).isEqualTo("s0");
    assertThat(related.path("kv-store/2").path("in-scope").asBoolean()).isFalse();
    assertThat(related.path("kv-store/2").path("data").isEmpty()).isTrue();
    // Go writes the zero local-unit of a regular relation in JSON
    assertThat(kv.path("local-unit").path("in-scope").asBoolean(true)).isFalse();
    assertThat(kv.path("local-unit").path("data").isNull()).isTrue();
  }

  @Test
  void inAPeerRelationTheUnitIsTheLocalUnitAndItsPeersTheRelatedUnits() {
    JsonNode store = shown(UnitInfos.ALL, "yaml", "kv-store/1").path("kv-store/1");

    JsonNode cluster = store.path("relation-info").get(0);
    assertThat(cluster.path("endpoint").asText()).isEqualTo("cluster");
    assertThat(cluster.path("related-endpoint").asText()).isEqualTo("cluster");
    assertThat(cluster.path("application-data").path("primary").asText()).isEqualTo("kv-store/0");
    assertThat(cluster.path("local-unit").path("data").path("name").asText()).isEqualTo("s1");
    assertThat(cluster.path("related-units").fieldNames())
        .toIterable()
        .containsExactly("kv-store/0", "kv-store/2");
    // the store's side of kv: the client's (empty) databag and its unit
    JsonNode kv = store.path("relation-info").get(1);
    assertThat(kv.path("related-endpoint").asText()).isEqualTo("kv");
    assertThat(kv.path("related-units").path("kv-client/0").path("data").path("name").asText())
        .isEqualTo("c0");
    // YAML omits Go's zero local-unit
    assertThat(kv.has("local-unit")).isFalse();
  }

  @Test
  void endpointRelatedUnitAndAppNarrowWhatIsShown() {
    JsonNode onlyKv = shown(new UnitInfos("kv", "", false), "json", "kv-store/0");
    JsonNode onlyClient = shown(new UnitInfos("", "kv-client/0", false), "json", "kv-store/0");
    JsonNode appOnly = shown(new UnitInfos("", "", true), "json", "kv-client/0");

    assertThat(onlyKv.path("kv-store/0").path("relation-info")).hasSize(1);
    assertThat(onlyKv.path("kv-store/0").path("relation-info").get(0).path("endpoint").asText())
        .isEqualTo("kv");
    // the peer relation still shows its application data, without units
    JsonNode relations = onlyClient.path("kv-store/0").path("relation-info");
    assertThat(relations.get(0).has("related-units")).isFalse();
    assertThat(relations.get(1).path("related-units").fieldNames())
        .toIterable()
        .containsExactly("kv-client/0");
    JsonNode kv = appOnly.path("kv-client/0").path("relation-info").get(0);
    assertThat(kv.has("related-units")).isFalse();
    assertThat(kv.path("application-data").path("endpoint").asText())
        .isEqualTo("kv://kv-store/0:6379");
  }

  @Test
  void aUnitTheModelDoesNotHaveIsNotFound() {
    assertThatThrownBy(() -> shown(UnitInfos.ALL, "json", "kv-store/0", "kv-store/9"))
        .isInstanceOf(JujuFailure.class)
        .hasMessage("unit \"kv-store/9\" not found");
  }

  @Test
  void jubilantReadsTheUnitInfo() throws Exception {
    Path file = dir.resolve("show-unit.json");
    Files.writeString(file, Output.render(shown(UnitInfos.ALL, "json", "kv-client/0"), "json"));
    String script =
        """
        import json, sys
        from jubilant.unittypes import UnitInfo
        info = UnitInfo._from_dict(next(iter(json.load(open(sys.argv[1])).values())))
        r = info.relation_info[0]
        print(info.charm, info.leader, info.provider_id)
        print(r.relation_id, r.endpoint, r.related_endpoint, r.app_data['endpoint'])
        print(r.related_units['kv-store/0'].in_scope, r.related_units['kv-store/0'].data['name'])
        """;
    List<String> output = Jubilant.read(file, script);

    assertThat(output)
        .containsExactly(
            "local:kv-client-1 True kv-client-0", "1 kv db kv://kv-store/0:6379", "True s0");
  }
}
