package io.caasoperator.substrate.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.caasoperator.domain.ApplicationName;
import io.caasoperator.domain.CharmRef;
import io.caasoperator.substrate.ApplicationObservation;
import io.caasoperator.substrate.Specification;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ApplicationSpecReadingTest {

  private static final ApplicationName APP = new ApplicationName("mariadb");
  private static final String SHA =
      "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";

  static Application resource(String name, ApplicationSpec spec) {
    Application resource = new Application();
    resource.setMetadata(new ObjectMetaBuilder().withName(name).withNamespace("default").build());
    resource.setSpec(spec);
    return resource;
  }

  static ApplicationSpec minimal() {
    return new ApplicationSpec(
        new ApplicationSpec.CharmSpec("https://charms.example/mariadb.charm", null, null, null),
        null,
        null,
        null,
        null);
  }

  @Test
  void aMinimalSpecGetsTheDefaults() {
    KubernetesSpec spec = ApplicationSpecReading.read(APP, resource("mariadb", minimal()));
    assertThat(spec.specification())
        .isEqualTo(
            new Specification(
                APP,
                new CharmRef("https://charms.example/mariadb.charm", null, 0, false),
                Map.of(),
                Specification.DEFAULT_UPDATE_STATUS_INTERVAL));
    assertThat(spec.selector()).isEqualTo(Map.of("app.kubernetes.io/name", "mariadb"));
    assertThat(spec.deploymentMode()).isEqualTo(DeploymentMode.WORKLOAD);
  }

  @Test
  void everyFieldIsRead() {
    var spec =
        new ApplicationSpec(
            new ApplicationSpec.CharmSpec("/charms/mariadb", SHA.toUpperCase(), 3L, true),
            Map.of("port", 3306, "name", "db", "ratio", 0.5, "debug", true, "big", 5_000_000_000L),
            Map.of("app", "db"),
            "operator",
            "1m30s");
    KubernetesSpec read = ApplicationSpecReading.read(APP, resource("mariadb", spec));
    assertThat(read.specification().charm())
        .isEqualTo(new CharmRef("/charms/mariadb", SHA, 3, true));
    assertThat(read.specification().config())
        .isEqualTo(
            Map.of("port", 3306, "name", "db", "ratio", 0.5, "debug", true, "big", 5_000_000_000L));
    assertThat(read.specification().updateStatusInterval()).isEqualTo(Duration.ofSeconds(90));
    assertThat(read.selector()).isEqualTo(Map.of("app", "db"));
    assertThat(read.deploymentMode()).isEqualTo(DeploymentMode.OPERATOR);
  }

  @Test
  void everyProblemIsNamedInOneInvalidObservation() {
    Map<String, Object> config = new LinkedHashMap<>();
    config.put("nested", Map.of("a", 1));
    config.put("list", List.of(1));
    config.put("empty", null);
    var spec =
        new ApplicationSpec(
            new ApplicationSpec.CharmSpec("x", "abc", -1L, null), config, null, "sidecar", "soon");
    ApplicationObservation observation =
        ApplicationSpecReading.observe(APP, resource("mariadb", spec));
    assertThat(observation).isInstanceOf(ApplicationObservation.Invalid.class);
    assertThat(((ApplicationObservation.Invalid) observation).problem())
        .startsWith("application mariadb: ")
        .contains(
            "spec.charm.sha256",
            "spec.charm.modifiedVersion",
            "spec.config.nested",
            "spec.config.list",
            "spec.config.empty",
            "spec.deploymentMode",
            "spec.updateStatusInterval");
  }

  @Test
  void aMissingCharmUrlOrSpecIsInvalid() {
    assertThatThrownBy(
            () ->
                ApplicationSpecReading.read(
                    APP, resource("mariadb", new ApplicationSpec(null, null, null, null, null))))
        .hasMessageContaining("spec.charm.url: is required");
    assertThatThrownBy(() -> ApplicationSpecReading.read(APP, resource("mariadb", null)))
        .hasMessageContaining("spec is missing");
  }

  @Test
  void anotherResourcesNameIsInvalid() {
    assertThat(ApplicationSpecReading.observe(APP, resource("postgres", minimal())))
        .isInstanceOf(ApplicationObservation.Invalid.class);
  }

  @Test
  void noResourceOrOneBeingDeletedIsNotFound() {
    assertThat(ApplicationSpecReading.observe(APP, null))
        .isInstanceOf(ApplicationObservation.NotFound.class);
    Application deleting = resource("mariadb", minimal());
    deleting.getMetadata().setDeletionTimestamp("2026-01-01T00:00:00Z");
    assertThat(ApplicationSpecReading.observe(APP, deleting))
        .isInstanceOf(ApplicationObservation.NotFound.class);
  }
}
