package io.caasoperator.substrate.kubernetes;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.nio.file.Path;

/**
 * A cluster for exec tests: the mock API server in CRUD mode holding {@code pods}, the {@link
 * PodExecApiServer} in front of it, and the pods' stand-in filesystems under {@code podsRoot}.
 * Closed after each test.
 */
final class PodExecCluster implements AutoCloseable {
  final KubernetesMockServer store;
  final KubernetesClient storeClient;
  final StandInPods pods;
  final PodExecApiServer apiServer;

  private PodExecCluster(
      KubernetesMockServer store,
      KubernetesClient storeClient,
      StandInPods pods,
      PodExecApiServer apiServer) {
    this.store = store;
    this.storeClient = storeClient;
    this.pods = pods;
    this.apiServer = apiServer;
  }

  static PodExecCluster start(Path podsRoot, String namespace, Pod... pods) {
    KubernetesMockServer store = CrudApiServer.started();
    KubernetesClient storeClient = store.createClient();
    for (Pod pod : pods) storeClient.pods().inNamespace(namespace).resource(pod).create();
    StandInPods standIns = new StandInPods(podsRoot);
    return new PodExecCluster(
        store,
        storeClient,
        standIns,
        PodExecApiServer.start(
            storeClient.getConfiguration().getMasterUrl(), storeClient, standIns));
  }

  /** A client of the front in {@code namespace}, as the operator has one; the caller closes it. */
  KubernetesClient client(String namespace) {
    return new KubernetesClientBuilder()
        .withConfig(
            new ConfigBuilder().withMasterUrl(apiServer.url()).withNamespace(namespace).build())
        .build();
  }

  @Override
  public void close() {
    apiServer.close();
    pods.close();
    storeClient.close();
    store.destroy();
  }
}
