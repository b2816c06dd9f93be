package io.caasoperator.substrate.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.domain.ApplicationName;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinitionVersion;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.rbac.Role;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The manifests in conf/kubernetes parse, and the examples fit what the code expects. */
class ManifestsTest {

  private static final Path DIR = Path.of("../conf/kubernetes");

  private static List<HasMetadata> load(String file) throws Exception {
    try (InputStream in = Files.newInputStream(DIR.resolve(file))) {
      Object parsed =
          new io.fabric8.kubernetes.client.utils.KubernetesSerialization().unmarshal(in);
      return parsed instanceof List<?> list
          ? list.stream().map(HasMetadata.class::cast).toList()
          : List.of((HasMetadata) parsed);
    }
  }

  @Test
  void theExampleApplicationIsValidAsShipped() throws Exception {
    Application application;
    try (InputStream in = Files.newInputStream(DIR.resolve("application-example.yaml"))) {
      application = Serialization.unmarshal(in, Application.class);
    }
    assertThat(application.getApiVersion())
        .isEqualTo(Application.GROUP + "/" + Application.VERSION);
    KubernetesSpec spec = ApplicationSpecReading.read(new ApplicationName("mariadb"), application);
    assertThat(spec.deploymentMode()).isEqualTo(DeploymentMode.WORKLOAD);
    // An http(s) charm is fetched only with its sha256 (the charm store refuses it otherwise, and
    // the
    // CRD's validation rule refuses the resource): the example must not go blocked as shipped.
    var charm = spec.specification().charm();
    assertThat(charm.url()).startsWith("https://");
    assertThat(charm.sha256()).matches("[0-9a-f]{64}");
    assertThat(
            crd()
                .getSpec()
                .getVersions()
                .get(0)
                .getSchema()
                .getOpenAPIV3Schema()
                .getProperties()
                .get("spec")
                .getProperties()
                .get("charm")
                .getXKubernetesValidations())
        .singleElement()
        .satisfies(rule -> assertThat(rule.getRule()).contains("sha256"));
  }

  private static CustomResourceDefinition crd() throws Exception {
    return (CustomResourceDefinition) load("crd.yaml").get(0);
  }

  @Test
  void theCrdStoresV1AndStillServesV1alpha1WithTheSameSchema() throws Exception {
    CustomResourceDefinition crd = crd();
    assertThat(crd.getSpec().getConversion().getStrategy()).isEqualTo("None");
    var versions = crd.getSpec().getVersions();
    assertThat(versions)
        .extracting(CustomResourceDefinitionVersion::getName)
        .containsExactly("v1", "v1alpha1");
    CustomResourceDefinitionVersion v1 = versions.get(0);
    CustomResourceDefinitionVersion alpha = versions.get(1);
    assertThat(v1.getName()).isEqualTo(Application.VERSION);
    assertThat(v1.getStorage()).isTrue();
    assertThat(v1.getServed()).isTrue();
    assertThat(alpha.getStorage()).isFalse();
    assertThat(alpha.getServed()).isTrue();
    assertThat(alpha.getDeprecated()).isTrue();
    // Conversion None rewrites apiVersion alone: exact only while the versions are the same.
    assertThat(alpha.getSchema()).isEqualTo(v1.getSchema());
    assertThat(alpha.getAdditionalPrinterColumns()).isEqualTo(v1.getAdditionalPrinterColumns());
    assertThat(alpha.getSubresources()).isEqualTo(v1.getSubresources());
  }

  @Test
  void theCrdHasConditionsObservedGenerationAndPrinterColumnsForKubectl() throws Exception {
    CustomResourceDefinitionVersion v1 = crd().getSpec().getVersions().get(0);
    var status = v1.getSchema().getOpenAPIV3Schema().getProperties().get("status").getProperties();
    assertThat(status).containsKeys("observedGeneration", "conditions", "readyUnits");
    var conditions = status.get("conditions");
    assertThat(conditions.getXKubernetesListType()).isEqualTo("map");
    assertThat(conditions.getXKubernetesListMapKeys()).containsExactly("type");
    assertThat(conditions.getItems().getSchema().getRequired())
        .containsExactlyInAnyOrder("type", "status", "lastTransitionTime", "reason", "message");
    assertThat(conditions.getItems().getSchema().getProperties().get("type").getEnum())
        .extracting(Object::toString)
        .containsExactlyInAnyOrder("\"Ready\"", "\"Progressing\"", "\"Degraded\"");
    assertThat(v1.getAdditionalPrinterColumns())
        .extracting(c -> c.getName() + " " + c.getJsonPath())
        .contains(
            "Ready .status.conditions[?(@.type==\"Ready\")].status",
            "Units .status.readyUnits",
            "Status .status.status",
            "Age .metadata.creationTimestamp");
    // What the operator writes fits the schema's names.
    assertThat(status.keySet())
        .containsAll(
            java.util.Arrays.stream(ApplicationStatus.class.getRecordComponents())
                .map(java.lang.reflect.RecordComponent::getName)
                .toList());
  }

  @Test
  void theExampleStatefulSetHasTheInitContainerAndTheSharedVolume() throws Exception {
    StatefulSet set = (StatefulSet) load("statefulset-example.yaml").get(0);
    var pod = set.getSpec().getTemplate().getSpec();
    assertThat(pod.getInitContainers())
        .anySatisfy(
            c -> {
              assertThat(c.getName()).isEqualTo(ContainerStarts.DEFAULT_INIT_CONTAINER);
              assertThat(c.getVolumeMounts())
                  .anySatisfy(
                      m -> assertThat(m.getMountPath()).isEqualTo(PodLayout.DEFAULT.root()));
            });
    assertThat(pod.getContainers().get(0).getVolumeMounts())
        .anySatisfy(m -> assertThat(m.getMountPath()).isEqualTo(PodLayout.DEFAULT.root()));
    assertThat(set.getSpec().getTemplate().getMetadata().getLabels())
        .containsEntry(ApplicationSpecReading.NAME_LABEL, "mariadb");
  }

  @Test
  void theRoleGrantsWhatTheSubstrateUses() throws Exception {
    Role role =
        load("rbac.yaml").stream()
            .filter(Role.class::isInstance)
            .map(Role.class::cast)
            .findFirst()
            .orElseThrow();
    assertThat(role.getRules())
        .anySatisfy(
            r -> {
              assertThat(r.getResources()).containsExactly("pods");
              assertThat(r.getVerbs()).contains("get", "list", "watch", "patch");
            });
    assertThat(role.getRules())
        .anySatisfy(r -> assertThat(r.getResources()).containsExactly("pods/exec"));
    assertThat(role.getRules())
        .anySatisfy(r -> assertThat(r.getResources()).containsExactly("applications/status"));
    assertThat(role.getRules())
        .anySatisfy(
            r -> {
              assertThat(r.getApiGroups()).containsExactly("coordination.k8s.io");
              assertThat(r.getResources()).containsExactly("leases");
              assertThat(r.getVerbs()).containsExactlyInAnyOrder("get", "create", "patch");
            });
    assertThat(role.getRules())
        .anySatisfy(
            r -> {
              assertThat(r.getResources()).containsExactly("events");
              assertThat(r.getVerbs()).containsExactlyInAnyOrder("create", "patch");
            });
  }

  @Test
  void theOperatorManifestsParse() throws Exception {
    assertThat(load("operator-deployment.yaml"))
        .extracting(HasMetadata::getKind)
        .containsExactly("Deployment", "PersistentVolumeClaim", "Service");
    assertThat(load("crd.yaml"))
        .extracting(HasMetadata::getKind)
        .containsExactly("CustomResourceDefinition");
  }
}
