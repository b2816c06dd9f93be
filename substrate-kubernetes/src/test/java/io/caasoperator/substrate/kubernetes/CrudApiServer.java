package io.caasoperator.substrate.kubernetes;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesCrudDispatcher;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * fabric8's mock API server in CRUD mode with the operator's CRDs (Application, Relation) applied,
 * and a client of it. The five-argument constructor with a CRUD dispatcher: {@code new
 * KubernetesMockServer(true)} would mean https, not CRUD (STACK-NOTES pitfall 8). A test registers
 * one per test as an instance {@code @RegisterExtension} field; it is closed after the test's own
 * {@code @AfterEach} methods.
 */
public final class CrudApiServer implements AfterEachCallback {
  final KubernetesMockServer server;
  final KubernetesClient client;

  private CrudApiServer(KubernetesMockServer server, KubernetesClient client) {
    this.server = server;
    this.client = client;
  }

  /**
   * The mock API server alone, started, without the CRD: for tests that make their own client (here
   * and in deploy's ImageIT). The caller destroys it.
   */
  public static KubernetesMockServer started() {
    KubernetesMockServer server =
        new KubernetesMockServer(
            new Context(),
            new MockWebServer(),
            new HashMap<>(),
            new KubernetesCrudDispatcher(),
            false);
    server.init();
    return server;
  }

  static CrudApiServer withCrd() {
    KubernetesMockServer server = started();
    KubernetesClient client = server.createClient();
    for (String crd : new String[] {"crd.yaml", "crd-relation.yaml"})
      client
          .apiextensions()
          .v1()
          .customResourceDefinitions()
          .load(Path.of("../conf/kubernetes", crd).toFile())
          .create();
    return new CrudApiServer(server, client);
  }

  /** Creates the Application {@code name} in {@code namespace}: {@code charm} with this config. */
  Application createApplication(
      String namespace, String name, ApplicationSpec.CharmSpec charm, Map<String, Object> config) {
    Application resource =
        ApplicationSpecReadingTest.resource(
            name, new ApplicationSpec(charm, config, null, null, null));
    resource.getMetadata().setNamespace(namespace);
    return client.resources(Application.class).inNamespace(namespace).resource(resource).create();
  }

  @Override
  public void afterEach(ExtensionContext context) {
    client.close();
    server.destroy();
  }
}
