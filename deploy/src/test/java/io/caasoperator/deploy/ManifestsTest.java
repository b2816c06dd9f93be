package io.caasoperator.deploy;

import static io.caasoperator.deploy.Manifests.CONF;
import static io.caasoperator.deploy.Manifests.only;
import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The plain manifests in conf/kubernetes: every object parses, and the operator's Deployment is
 * hardened.
 */
class ManifestsTest {

  @Test
  void everyObjectOfEveryManifestParses() throws Exception {
    List<Path> files;
    try (Stream<Path> listing = Files.list(CONF)) {
      files = listing.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
    }
    assertThat(files).hasSizeGreaterThanOrEqualTo(5);
    for (Path file : files) {
      List<HasMetadata> objects = Manifests.load(file);
      assertThat(objects)
          .as(file.toString())
          .isNotEmpty()
          .allSatisfy(
              o -> assertThat(o.getMetadata().getName()).as(file + " " + o.getKind()).isNotBlank());
    }
  }

  @Test
  void theOperatorDeploymentIsHardened() throws Exception {
    Hardening.check(
        only(Manifests.load(CONF.resolve("operator-deployment.yaml")), Deployment.class));
  }
}
