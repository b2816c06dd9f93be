package io.caasoperator.substrate.kubernetes;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import java.util.List;

/**
 * The JSON patches (RFC 6902) the substrate sends. JSON Patch rather than a merge or strategic
 * patch because its {@code test} operation makes the edit conditional: the finalizer list is
 * replaced only if the pod's resource version is still the one it was computed from, so an edit by
 * someone else in between fails (and is retried on a fresh read) instead of being lost.
 */
final class JsonPatches {

  static final PatchContext CONTEXT = PatchContext.of(PatchType.JSON);

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private JsonPatches() {}

  /** Sets {@code metadata.finalizers}, if the pod is still at the resource version read. */
  static String guardedFinalizers(Pod pod, List<String> finalizers) {
    ArrayNode patch = NODES.arrayNode();
    String version = pod.getMetadata().getResourceVersion();
    if (version != null) {
      ObjectNode test = patch.addObject();
      test.put("op", "test").put("path", "/metadata/resourceVersion").put("value", version);
    }
    ObjectNode set = patch.addObject();
    // "add" on an object member replaces it when present and creates it when absent.
    set.put("op", "add").put("path", "/metadata/finalizers");
    ArrayNode values = set.putArray("value");
    finalizers.forEach(values::add);
    try {
      return JSON.writeValueAsString(patch);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException("a JSON tree always serialises", e);
    }
  }

  /** A failed {@code test} (422/409 on a real server, 422 or 500 from the mock): re-read, retry. */
  static boolean lostRace(KubernetesClientException e) {
    return e.getCode() == 409 || e.getCode() == 422 || e.getCode() == 500;
  }
}
