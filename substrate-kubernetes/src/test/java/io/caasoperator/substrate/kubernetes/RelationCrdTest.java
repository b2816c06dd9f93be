package io.caasoperator.substrate.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** conf/kubernetes/crd-relation.yaml fits the Relation the operators read and write. */
class RelationCrdTest {

  private static final Path DIR = Path.of("../conf/kubernetes");

  private static <T> T load(String file, Class<T> type) throws Exception {
    try (InputStream in = Files.newInputStream(DIR.resolve(file))) {
      return new KubernetesSerialization().unmarshal(in, type);
    }
  }

  @Test
  void theCrdNamesTheResourceTheOperatorsWatch() throws Exception {
    CustomResourceDefinition crd = load("crd-relation.yaml", CustomResourceDefinition.class);
    assertThat(crd.getMetadata().getName()).isEqualTo("relations.caasoperator.org");
    assertThat(crd.getSpec().getGroup()).isEqualTo(Application.GROUP);
    assertThat(crd.getSpec().getNames().getKind()).isEqualTo("Relation");
    assertThat(crd.getSpec().getVersions())
        .singleElement()
        .satisfies(
            v -> {
              assertThat(v.getName()).isEqualTo(Application.VERSION);
              assertThat(v.getSubresources().getStatus()).isNotNull();
            });
  }

  @Test
  void whatTheOperatorsWriteFitsTheSchemasNames() throws Exception {
    CustomResourceDefinition crd = load("crd-relation.yaml", CustomResourceDefinition.class);
    var schema = crd.getSpec().getVersions().getFirst().getSchema().getOpenAPIV3Schema();
    var status =
        new RelationResourceStatus(
            1L,
            "wordpress:db mysql:db",
            "mysql",
            1L,
            List.of(new ApplicationCondition("Ready", "True", 1L, "t", "Related", "m")));
    @SuppressWarnings("unchecked")
    Map<String, Object> written = new ObjectMapper().convertValue(status, Map.class);
    assertThat(schema.getProperties().get("status").getProperties().keySet())
        .containsAll(written.keySet());
    assertThat(schema.getProperties().get("spec").getProperties().keySet())
        .containsExactly("endpoints");
  }

  @Test
  void theExampleRelationIsJudgedAsShipped() throws Exception {
    Relation example = load("relation-example.yaml", Relation.class);
    assertThat(example.getApiVersion()).isEqualTo(Application.GROUP + "/" + Application.VERSION);
    assertThat(
            RelationJudging.judge(
                example.getSpec().endpoints(),
                app -> java.util.Optional.ofNullable(RelationJudgingTest.NAMESPACE.get(app))))
        .isInstanceOfSatisfying(
            RelationJudgement.Related.class,
            r -> assertThat(r.relation().key()).isEqualTo("wordpress:db mysql:db"));
  }
}
