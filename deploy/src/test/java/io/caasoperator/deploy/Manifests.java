package io.caasoperator.deploy;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.KubernetesResource;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Kubernetes objects from YAML (a file, or what Helm rendered), each parsed by fabric8 into its
 * type.
 */
final class Manifests {

  static final Path ROOT = Path.of("..");
  static final Path CONF = ROOT.resolve("conf/kubernetes");
  static final Path CHART = ROOT.resolve("charts/caas-operator");

  private static final KubernetesSerialization SERIALIZATION = new KubernetesSerialization();

  private Manifests() {}

  /**
   * Every object of a multi-document YAML text. Unknown kinds (a ServiceMonitor) come back as
   * {@code GenericKubernetesResource}; a document that is not an object with a kind fails.
   */
  static List<HasMetadata> parse(String yaml) {
    List<HasMetadata> objects = new ArrayList<>();
    for (String document : yaml.split("(?m)^---\\s*$")) {
      if (document.lines().allMatch(l -> l.isBlank() || l.strip().startsWith("#"))) continue;
      Object parsed =
          SERIALIZATION.unmarshal(
              new ByteArrayInputStream(document.getBytes(StandardCharsets.UTF_8)));
      if (parsed instanceof List<?> list) {
        list.stream().filter(Objects::nonNull).map(HasMetadata.class::cast).forEach(objects::add);
      } else if (parsed instanceof HasMetadata object) {
        objects.add(object);
      } else {
        throw new IllegalArgumentException(
            "not a Kubernetes object: "
                + (parsed == null ? "null" : parsed.getClass())
                + "\n"
                + document);
      }
    }
    return objects;
  }

  static List<HasMetadata> load(Path file) throws IOException {
    return parse(Files.readString(file));
  }

  static <T extends KubernetesResource> T only(List<HasMetadata> objects, Class<T> kind) {
    List<T> matching = objects.stream().filter(kind::isInstance).map(kind::cast).toList();
    if (matching.size() != 1) {
      throw new AssertionError("expected one " + kind.getSimpleName() + ", got " + matching.size());
    }
    return matching.get(0);
  }

  /**
   * The first object of {@code kind}, one fabric8 has no class for (a custom resource: it parses as
   * a {@code GenericKubernetesResource}).
   */
  static GenericKubernetesResource first(List<HasMetadata> objects, String kind) {
    return objects.stream()
        .filter(o -> o.getKind().equals(kind))
        .map(GenericKubernetesResource.class::cast)
        .findFirst()
        .orElseThrow();
  }

  static InputStream stream(String text) {
    return new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
  }
}
