package io.caasoperator.deploy;

import static io.caasoperator.deploy.Manifests.CHART;
import static io.caasoperator.deploy.Manifests.CONF;
import static io.caasoperator.deploy.Manifests.first;
import static io.caasoperator.deploy.Manifests.only;
import static io.caasoperator.deploy.Manifests.parse;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.marcnuri.helm.Helm;
import com.marcnuri.helm.LintResult;
import com.marcnuri.helm.TemplateCommand;
import io.caasoperator.domain.ApplicationName;
import io.caasoperator.substrate.kubernetes.Application;
import io.caasoperator.substrate.kubernetes.ApplicationSpecReading;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServiceAccount;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.rbac.Role;
import io.fabric8.kubernetes.api.model.rbac.RoleBinding;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Helm chart charts/caas-operator rendered by Helm's own template engine (helm-java: Helm's Go
 * library, from Maven Central, since no helm binary can be installed offline) and linted; every
 * object it renders parsed by fabric8 into its Kubernetes type and checked.
 */
class HelmChartTest {

  private static final String RELEASE = "mariadb";
  private static final String NAMESPACE = "demo";

  @TempDir Path dir;

  /** Without a cluster Helm assumes Kubernetes 1.20; the chart asks for 1.25 or newer. */
  private static final String KUBERNETES = "1.30.0";

  private static TemplateCommand template() {
    return new Helm(CHART)
        .template()
        .withName(RELEASE)
        .withNamespace(NAMESPACE)
        .withKubeVersion(KUBERNETES)
        .set("application.name", "mariadb");
  }

  private static List<HasMetadata> render(Map<String, Object> values) {
    TemplateCommand command = template();
    values.forEach(command::set);
    return parse(command.call());
  }

  private static Container operator(List<HasMetadata> objects) {
    return only(objects, Deployment.class).getSpec().getTemplate().getSpec().getContainers().get(0);
  }

  private static String env(Container container, String name) {
    return container.getEnv().stream()
        .filter(e -> e.getName().equals(name))
        .findFirst()
        .orElseThrow()
        .getValue();
  }

  @Test
  void theChartLintsCleanUnderStrictRules() {
    LintResult lint = new Helm(CHART).lint().strict().call();
    assertThat(lint.isFailed()).as(String.join("\n", lint.getMessages())).isFalse();
  }

  @Test
  void theDefaultReleaseRendersTheOperatorItsRbacStorageAndServiceAndEveryObjectParses() {
    List<HasMetadata> objects = render(Map.of());
    assertThat(objects)
        .extracting(HasMetadata::getKind)
        .containsExactlyInAnyOrder(
            "ServiceAccount",
            "PersistentVolumeClaim",
            "Role",
            "RoleBinding",
            "Service",
            "Deployment");
    assertThat(objects)
        .allSatisfy(
            o -> {
              assertThat(o.getMetadata().getName()).isEqualTo("caas-operator-mariadb");
              assertThat(o.getMetadata().getNamespace()).isEqualTo(NAMESPACE);
              assertThat(o.getMetadata().getLabels())
                  .containsEntry("app.kubernetes.io/name", "caas-operator")
                  .containsEntry("app.kubernetes.io/instance", RELEASE);
            });
    Deployment deployment = only(objects, Deployment.class);
    assertThat(deployment.getSpec().getStrategy().getType()).isEqualTo("Recreate");
    assertThat(deployment.getSpec().getTemplate().getSpec().getServiceAccountName())
        .isEqualTo(only(objects, ServiceAccount.class).getMetadata().getName());
    assertThat(only(objects, RoleBinding.class).getRoleRef().getName())
        .isEqualTo(only(objects, Role.class).getMetadata().getName());
    assertThat(deployment.getSpec().getTemplate().getSpec().getVolumes())
        .anySatisfy(
            v -> {
              assertThat(v.getName()).isEqualTo("data");
              assertThat(v.getPersistentVolumeClaim().getClaimName())
                  .isEqualTo(only(objects, PersistentVolumeClaim.class).getMetadata().getName());
            });
    assertThat(operator(objects).getImage()).isEqualTo("caas-operator:0.1.0-SNAPSHOT");
  }

  @Test
  void theRenderedDeploymentIsHardened() {
    Hardening.check(only(render(Map.of()), Deployment.class));
  }

  @Test
  void theServiceUrlNamesTheServiceSoHookToolsVerifyTheCertificate() {
    List<HasMetadata> objects = render(Map.of());
    Service service = only(objects, Service.class);
    List<String> args = operator(objects).getArgs();
    URI url =
        URI.create(
            args.stream()
                .filter(a -> a.startsWith("--service-url="))
                .findFirst()
                .orElseThrow()
                .substring("--service-url=".length()));
    assertThat(url.getScheme()).isEqualTo("https");
    assertThat(url.getHost()).isEqualTo(service.getMetadata().getName() + "." + NAMESPACE + ".svc");
    assertThat(url.getPort()).isEqualTo(service.getSpec().getPorts().get(0).getPort());
    assertThat(args)
        .contains(
            "run",
            "--substrate=kubernetes",
            "--application=mariadb",
            "--namespace=demo",
            "--listen=0.0.0.0:30666",
            "--data-dir=/var/lib/caas-operator");
  }

  @Test
  void theShutdownTimeoutsPassedToTheOperatorAreTheOnesTheGracePeriodOutlasts() {
    List<HasMetadata> objects =
        render(Map.of("shutdownTimeoutSeconds", 120, "terminationGracePeriodSeconds", 150));
    assertThat(
            only(objects, Deployment.class)
                .getSpec()
                .getTemplate()
                .getSpec()
                .getTerminationGracePeriodSeconds())
        .isEqualTo(150L);
    assertThat(env(operator(objects), "JDK_JAVA_OPTIONS"))
        .isEqualTo(
            "-XX:TieredStopAtLevel=1 -Dcaas.shutdown-timeout=120s"
                + " -Dpekko.coordinated-shutdown.phases.service-requests-done.timeout=130s");
    assertThatThrownBy(
            () -> render(Map.of("shutdownTimeoutSeconds", 60, "terminationGracePeriodSeconds", 60)))
        .hasMessageContaining(
            "terminationGracePeriodSeconds (60) must exceed shutdownTimeoutSeconds (60)");
  }

  @Test
  void aPostgresqlJournalTakesItsPasswordFromASecretMountedAsAFile() {
    List<HasMetadata> objects =
        render(
            Map.of(
                "journal.postgresqlUrl",
                "postgresql://caas@postgresql.demo.svc:5432/caas",
                "journal.passwordSecret.name",
                "caas-journal"));
    Container container = operator(objects);
    assertThat(container.getArgs())
        .contains(
            "--journal=postgresql://caas@postgresql.demo.svc:5432/caas",
            "--journal-password-file=/etc/caas-operator/journal/password");
    assertThat(container.getEnv())
        .noneSatisfy(
            e ->
                assertThat(e.getValueFrom() == null ? null : e.getValueFrom().getSecretKeyRef())
                    .isNotNull());
    assertThat(container.getVolumeMounts())
        .anySatisfy(
            m -> {
              assertThat(m.getMountPath()).isEqualTo("/etc/caas-operator/journal");
              assertThat(m.getReadOnly()).isTrue();
            });
    var secret =
        only(objects, Deployment.class).getSpec().getTemplate().getSpec().getVolumes().stream()
            .filter(v -> v.getName().equals("journal-password"))
            .findFirst()
            .orElseThrow()
            .getSecret();
    assertThat(secret.getSecretName()).isEqualTo("caas-journal");
    assertThat(secret.getDefaultMode()).isEqualTo(0440);
    assertThat(secret.getItems())
        .singleElement()
        .satisfies(i -> assertThat(i.getPath()).isEqualTo("password"));

    assertThatThrownBy(
            () ->
                render(
                    Map.of(
                        "journal.postgresqlUrl",
                        "postgresql://caas:s3cret@db:5432/caas",
                        "journal.passwordSecret.name",
                        "caas-journal")))
        .hasMessageContaining("carries a password");
    assertThatThrownBy(
            () -> render(Map.of("journal.postgresqlUrl", "postgresql://caas@db:5432/caas")))
        .hasMessageContaining("needs journal.passwordSecret.name");
  }

  @Test
  void severalReplicasNeedTheLeaseASharedJournalAndCertificateAndNoSharedVolume() {
    assertThatThrownBy(() -> render(Map.of("replicas", 2)))
        .hasMessageContaining("needs leaderElection");
    assertThatThrownBy(() -> render(Map.of("replicas", 2, "leaderElection", true)))
        .hasMessageContaining("journal.postgresqlUrl");
    Map<String, Object> ha =
        new LinkedHashMap<>(
            Map.of(
                "replicas",
                2,
                "leaderElection",
                true,
                "journal.postgresqlUrl",
                "postgresql://caas@db:5432/caas",
                "journal.passwordSecret.name",
                "caas-journal"));
    assertThatThrownBy(() -> render(ha)).hasMessageContaining("tls.secretName");
    ha.put("tls.secretName", "caas-operator-tls");
    assertThatThrownBy(() -> render(ha)).hasMessageContaining("persistence.enabled: false");
    ha.put("persistence.enabled", false);

    List<HasMetadata> objects = render(ha);
    Deployment deployment = only(objects, Deployment.class);
    assertThat(deployment.getSpec().getReplicas()).isEqualTo(2);
    assertThat(deployment.getSpec().getStrategy().getType()).isEqualTo("RollingUpdate");
    assertThat(objects).noneMatch(PersistentVolumeClaim.class::isInstance);
    assertThat(operator(objects).getArgs())
        .contains(
            "--leader-election",
            "--tls-cert=/etc/caas-operator/tls/tls.crt",
            "--tls-key=/etc/caas-operator/tls/tls.key");
    assertThat(deployment.getSpec().getTemplate().getSpec().getVolumes())
        .anySatisfy(
            v -> {
              assertThat(v.getName()).isEqualTo("data");
              assertThat(v.getEmptyDir()).isNotNull();
            });
    Hardening.check(deployment);
  }

  @Test
  void relationsBetweenApplicationsAreAskedForWithOneValue() {
    assertThat(operator(render(Map.of())).getArgs()).doesNotContain("--relations");
    assertThat(operator(render(Map.of("relations", true))).getArgs()).contains("--relations");
  }

  @Test
  void aServiceMonitorScrapesMetricsWhenAskedFor() {
    assertThat(render(Map.of())).noneMatch(o -> o.getKind().equals("ServiceMonitor"));
    List<HasMetadata> objects =
        render(
            Map.of(
                "metrics.serviceMonitor.enabled",
                true,
                "metrics.serviceMonitor.labels.release",
                "prometheus"));
    GenericKubernetesResource monitor = first(objects, "ServiceMonitor");
    assertThat(monitor.getApiVersion()).isEqualTo("monitoring.coreos.com/v1");
    assertThat(monitor.getMetadata().getLabels()).containsEntry("release", "prometheus");
    Map<String, Object> endpoint =
        monitor.<List<Map<String, Object>>>get("spec", "endpoints").get(0);
    assertThat(endpoint)
        .containsEntry("port", "listener")
        .containsEntry("path", "/metrics")
        .containsEntry("scheme", "https");
    assertThat(monitor.<Map<String, String>>get("spec", "selector", "matchLabels"))
        .isEqualTo(only(objects, Service.class).getSpec().getSelector());
  }

  @Test
  void givenASpecTheChartCreatesAnApplicationTheOperatorAccepts() throws Exception {
    Path values =
        Files.writeString(
            dir.resolve("values.yaml"),
            """
        application:
          name: mariadb
          spec:
            charm:
              url: https://charms.example/mariadb-k8s.charm
              sha256: 6c2a3f0f3b9a4c5d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d
            config: {port: 3306}
            deploymentMode: workload
        """);
    List<HasMetadata> objects = parse(template().withValuesFile(values).call());
    GenericKubernetesResource generic = first(objects, "Application");
    Application application =
        new io.fabric8.kubernetes.client.utils.KubernetesSerialization()
            .convertValue(generic, Application.class);
    assertThat(application.getApiVersion())
        .isEqualTo(Application.GROUP + "/" + Application.VERSION);
    var spec = ApplicationSpecReading.read(new ApplicationName("mariadb"), application);
    assertThat(spec.specification().charm().sha256()).hasSize(64);
    assertThat(render(Map.of())).noneMatch(o -> o.getKind().equals("Application"));
  }

  @Test
  void theApplicationNameIsRequiredAndChecked() {
    assertThatThrownBy(
            () ->
                new Helm(CHART)
                    .template()
                    .withName(RELEASE)
                    .withNamespace(NAMESPACE)
                    .withKubeVersion(KUBERNETES)
                    .call())
        .hasMessageContaining("application.name is required");
    assertThatThrownBy(() -> render(Map.of("application.name", "Maria_DB")))
        .hasMessageContaining("lower-case letters");
  }

  @Test
  void theChartShipsTheSameCrdAndGrantsTheSameRoleAsTheManifests() throws Exception {
    for (Map.Entry<String, String> crd :
        Map.of(
                "application.yaml", "crd.yaml",
                "relation.yaml", "crd-relation.yaml")
            .entrySet()) {
      Path chart = CHART.resolve("crds").resolve(crd.getKey());
      assertThat(Files.readString(chart)).isEqualTo(Files.readString(CONF.resolve(crd.getValue())));
      assertThat(
              only(Manifests.load(chart), CustomResourceDefinition.class).getMetadata().getName())
          .isEqualTo(crd.getKey().replace(".yaml", "s") + ".caasoperator.org");
    }
    Role manifest = only(Manifests.load(CONF.resolve("rbac.yaml")), Role.class);
    Role chart = only(render(Map.of()), Role.class);
    assertThat(chart.getRules()).isEqualTo(manifest.getRules());
  }
}
