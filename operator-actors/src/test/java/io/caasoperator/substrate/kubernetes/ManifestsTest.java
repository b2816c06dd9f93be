package io.caasoperator.substrate.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.domain.ApplicationName;
import io.fabric8.kubernetes.api.model.HasMetadata;
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
      Object parsed = new io.fabric8.kubernetes.client.utils.KubernetesSerialization().unmarshal(in);
      return parsed instanceof List<?> list ? list.stream().map(HasMetadata.class::cast).toList()
          : List.of((HasMetadata) parsed);
    }
  }

  @Test
  void theExampleApplicationIsValid() throws Exception {
    Application application;
    try (InputStream in = Files.newInputStream(DIR.resolve("application-example.yaml"))) {
      application = Serialization.unmarshal(in, Application.class);
    }
    KubernetesSpec spec = ApplicationSpecReading.read(new ApplicationName("mariadb"), application);
    assertThat(spec.deploymentMode()).isEqualTo(DeploymentMode.WORKLOAD);
  }

  @Test
  void theExampleStatefulSetHasTheInitContainerAndTheSharedVolume() throws Exception {
    StatefulSet set = (StatefulSet) load("statefulset-example.yaml").get(0);
    var pod = set.getSpec().getTemplate().getSpec();
    assertThat(pod.getInitContainers()).anySatisfy(c -> {
      assertThat(c.getName()).isEqualTo(ContainerStarts.DEFAULT_INIT_CONTAINER);
      assertThat(c.getVolumeMounts()).anySatisfy(m -> assertThat(m.getMountPath()).isEqualTo(PodLayout.DEFAULT.root()));
    });
    assertThat(pod.getContainers().get(0).getVolumeMounts())
        .anySatisfy(m -> assertThat(m.getMountPath()).isEqualTo(PodLayout.DEFAULT.root()));
    assertThat(set.getSpec().getTemplate().getMetadata().getLabels())
        .containsEntry(ApplicationSpecReading.NAME_LABEL, "mariadb");
  }

  @Test
  void theRoleGrantsWhatTheSubstrateUses() throws Exception {
    Role role = load("rbac.yaml").stream().filter(Role.class::isInstance).map(Role.class::cast).findFirst().orElseThrow();
    assertThat(role.getRules()).anySatisfy(r -> {
      assertThat(r.getResources()).containsExactly("pods");
      assertThat(r.getVerbs()).contains("get", "list", "watch", "patch");
    });
    assertThat(role.getRules()).anySatisfy(r -> assertThat(r.getResources()).containsExactly("pods/exec"));
    assertThat(role.getRules()).anySatisfy(r -> assertThat(r.getResources()).containsExactly("applications/status"));
    assertThat(role.getRules()).anySatisfy(r -> {
      assertThat(r.getApiGroups()).containsExactly("coordination.k8s.io");
      assertThat(r.getResources()).containsExactly("leases");
      assertThat(r.getVerbs()).containsExactlyInAnyOrder("get", "create", "patch");
    });
    assertThat(role.getRules()).anySatisfy(r -> {
      assertThat(r.getResources()).containsExactly("events");
      assertThat(r.getVerbs()).containsExactlyInAnyOrder("create", "patch");
    });
  }

  @Test
  void theOperatorManifestsParse() throws Exception {
    assertThat(load("operator-deployment.yaml")).extracting(HasMetadata::getKind)
        .containsExactly("Deployment", "PersistentVolumeClaim", "Service");
    assertThat(load("crd.yaml")).extracting(HasMetadata::getKind).containsExactly("CustomResourceDefinition");
  }
}
