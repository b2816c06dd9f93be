package io.caasoperator.app;

import com.typesafe.config.ConfigFactory;
import io.caasoperator.substrate.kubernetes.Application;
import io.caasoperator.substrate.kubernetes.ApplicationSpec;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.server.mock.KubernetesCrudDispatcher;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * fabric8's mock API server in CRUD mode with a client of it, for running the whole operator
 * against: the example charm {@code hello} deployed as an Application in namespace {@link #NS} with
 * one unit pod, and a kubeconfig that points at the mock. The five-argument constructor with a CRUD
 * dispatcher: {@code new KubernetesMockServer(true)} would mean https, not CRUD (STACK-NOTES
 * pitfall 8).
 */
final class MockCluster implements AutoCloseable {
  static final String NS = "demo";
  static final String UNIT_POD = "hello-0";

  final KubernetesClient client;
  private final KubernetesMockServer server;

  private MockCluster(Consumer<KubernetesClientBuilder> clientSettings) {
    server =
        new KubernetesMockServer(
            new Context(),
            new MockWebServer(),
            new HashMap<>(),
            new KubernetesCrudDispatcher(),
            false);
    server.init();
    client = server.createClient(clientSettings);
  }

  /** With the operator's CRDs (Application, Relation) applied. */
  static MockCluster withCrd() {
    MockCluster cluster = new MockCluster(builder -> {});
    for (String crd : new String[] {"crd.yaml", "crd-relation.yaml"})
      cluster
          .client
          .apiextensions()
          .v1()
          .customResourceDefinitions()
          .load(Path.of("../conf/kubernetes", crd).toFile())
          .create();
    return cluster;
  }

  /** Without the CRD, its client built with {@code clientSettings}. */
  static MockCluster withClient(Consumer<KubernetesClientBuilder> clientSettings) {
    return new MockCluster(clientSettings);
  }

  /**
   * The Application {@code hello} (charm examples/charms/hello, hooks in the operator) and its pod.
   */
  void deployHello() {
    deployHello(Path.of("../examples/charms/hello"));
  }

  /** The Application {@code hello} of {@code charm} (hooks in the operator) and its pod. */
  void deployHello(Path charm) {
    Application application = new Application();
    application.setMetadata(new ObjectMetaBuilder().withName("hello").withNamespace(NS).build());
    application.setSpec(
        new ApplicationSpec(
            new ApplicationSpec.CharmSpec(
                charm.toAbsolutePath().normalize().toString(), null, null, null),
            Map.of(),
            null,
            "operator",
            null));
    client.resources(Application.class).inNamespace(NS).resource(application).create();
    client
        .pods()
        .inNamespace(NS)
        .resource(
            new PodBuilder()
                .withNewMetadata()
                .withName(UNIT_POD)
                .withLabels(Map.of("app.kubernetes.io/name", "hello"))
                .endMetadata()
                .withNewSpec()
                .addNewContainer()
                .withName("web")
                .withImage("busybox")
                .endContainer()
                .endSpec()
                .build())
        .create();
  }

  /** The unit's pod, or null once deleted. */
  Pod pod() {
    return client.pods().inNamespace(NS).withName(UNIT_POD).get();
  }

  /** Writes {@code dir/kubeconfig}: the mock's URL, namespace {@link #NS}, a token. */
  Path kubeconfig(Path dir) throws IOException {
    return Files.writeString(
        dir.resolve("kubeconfig"),
        """
        apiVersion: v1
        kind: Config
        clusters:
        - {name: mock, cluster: {server: "%s"}}
        contexts:
        - {name: mock, context: {cluster: mock, user: tester, namespace: %s}}
        current-context: mock
        users:
        - {name: tester, user: {token: secret}}
        """
            .formatted(client.getConfiguration().getMasterUrl(), NS));
  }

  /**
   * The operator's configuration for application {@code hello}, its data under {@code dir/data}.
   */
  static OperatorConfig helloConfig(Path dir) throws InvalidConfiguration {
    return OperatorConfig.resolve(
        new OperatorConfig.Flags(
            null,
            dir.resolve("data"),
            "127.0.0.1:0",
            true,
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            null),
        ConfigFactory.load(),
        Map.of("HOME", dir.toString()),
        file -> "unused",
        "hello");
  }

  @Override
  public void close() {
    client.close();
    server.destroy();
  }
}
