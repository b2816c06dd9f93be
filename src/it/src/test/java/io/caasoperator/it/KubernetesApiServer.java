package io.caasoperator.it;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesCrudDispatcher;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The fabric8 mock API server in CRUD mode, as a cluster the operator process reaches through a
 * kubeconfig like any client. It can be stopped and started again on the same port: the stored
 * objects live in the CRUD dispatcher, which the restarted server reuses, so to a client it looks
 * like an API server that went away and came back with its etcd intact.
 *
 * <p>A test holds it in a {@code @RegisterExtension} field: started with the test's instance,
 * closed after the test's own {@code @AfterEach} methods.
 */
final class KubernetesApiServer implements AutoCloseable, AfterEachCallback {

  private final KubernetesCrudDispatcher store = new KubernetesCrudDispatcher();
  private KubernetesMockServer server;
  private final String host;
  private final int port;
  private final KubernetesClient client;

  private KubernetesApiServer() {
    server = newServer();
    server.init();
    host = server.getHostName();
    port = server.getPort();
    // The tests' own client: it reconnects by itself after a restart on the same port.
    client = server.createClient();
  }

  /** Starts a mock API server on a free port. */
  static KubernetesApiServer start() {
    return new KubernetesApiServer();
  }

  /** A client of the tests (the "kubectl" of the scenario). */
  KubernetesClient client() {
    return client;
  }

  String url() {
    return client.getConfiguration().getMasterUrl();
  }

  /**
   * Creates the operator's CustomResourceDefinitions ({@code conf/kubernetes/crd.yaml}, {@code
   * crd-relation.yaml}).
   */
  void applyCrd() {
    Path home =
        Path.of(System.getProperty("caas.operator.home", "../..")).toAbsolutePath().normalize();
    for (String crd : new String[] {"crd.yaml", "crd-relation.yaml"})
      client
          .apiextensions()
          .v1()
          .customResourceDefinitions()
          .load(home.resolve("conf/kubernetes").resolve(crd).toFile())
          .create();
  }

  /** The API server goes away: every connection and watch is cut. */
  void stop() {
    server.destroy();
  }

  /** The API server comes back on the same port with the same objects. */
  void restart() {
    server = newServer();
    try {
      server.init(InetAddress.getByName(host), port);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Writes a kubeconfig for {@code namespace} on this server (token auth, as the mock ignores it).
   */
  Path writeKubeconfig(Path file, String namespace) {
    return writeKubeconfig(file, namespace, url());
  }

  /**
   * Writes a kubeconfig for {@code namespace} whose server is {@code server}: a front of this one,
   * such as the test kit's {@code PodExecApiServer}.
   */
  static Path writeKubeconfig(Path file, String namespace, String server) {
    try {
      Files.createDirectories(file.toAbsolutePath().getParent());
      return Files.writeString(
          file,
          """
                    apiVersion: v1
                    kind: Config
                    clusters:
                    - name: mock
                      cluster: {server: "%s"}
                    contexts:
                    - name: mock
                      context: {cluster: mock, user: tester, namespace: %s}
                    current-context: mock
                    users:
                    - name: tester
                      user: {token: secret}
                    """
              .formatted(server, namespace));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private KubernetesMockServer newServer() {
    // The five-argument constructor with a dispatcher is CRUD mode (STACK-NOTES pitfall 8).
    return new KubernetesMockServer(
        new Context(), new MockWebServer(), new HashMap<>(), store, false);
  }

  @Override
  public void afterEach(ExtensionContext context) {
    close();
  }

  @Override
  public void close() {
    client.close();
    server.destroy();
  }
}
