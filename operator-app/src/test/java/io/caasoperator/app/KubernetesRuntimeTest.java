package io.caasoperator.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.typesafe.config.ConfigFactory;
import io.caasoperator.substrate.kubernetes.Application;
import io.caasoperator.substrate.kubernetes.ApplicationSpec;
import io.caasoperator.substrate.kubernetes.ApplicationStatus;
import io.caasoperator.substrate.kubernetes.UnitFinalizer;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesCrudDispatcher;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The whole operator, wired by {@code run --substrate kubernetes} through a generated kubeconfig,
 * against the mock API server in CRUD mode, hooks in deployment mode {@code operator} (the mock
 * cannot run processes in pods). One unit lives and dies; the Application deleted ends it.
 */
class KubernetesRuntimeTest {

  private static final String NS = "demo";
  private static final Duration WAIT = Duration.ofSeconds(60);

  @TempDir Path dir;
  private KubernetesMockServer server;
  private KubernetesClient client;

  @BeforeEach
  void start() throws Exception {
    server =
        new KubernetesMockServer(
            new Context(),
            new MockWebServer(),
            new HashMap<>(),
            new KubernetesCrudDispatcher(),
            false);
    server.init();
    client = server.createClient();
    client
        .apiextensions()
        .v1()
        .customResourceDefinitions()
        .load(Path.of("../conf/kubernetes/crd.yaml").toFile())
        .create();
  }

  @AfterEach
  void stop() {
    client.close();
    server.destroy();
  }

  private Path kubeconfig() throws Exception {
    String url = client.getConfiguration().getMasterUrl();
    return Files.writeString(
        dir.resolve("kubeconfig"),
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
            .formatted(url, NS));
  }

  private Pod pod() {
    return client.pods().inNamespace(NS).withName("hello-0").get();
  }

  @Test
  void aUnitPodIsAdoptedShownInStatusReleasedAfterItsHooksAndDeletingTheApplicationEndsTheOperator()
      throws Exception {
    Application application = new Application();
    application.setMetadata(new ObjectMetaBuilder().withName("hello").withNamespace(NS).build());
    application.setSpec(
        new ApplicationSpec(
            new ApplicationSpec.CharmSpec(
                Path.of("../examples/charms/hello").toAbsolutePath().normalize().toString(),
                null,
                null,
                null),
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
                .withName("hello-0")
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

    OperatorConfig config =
        OperatorConfig.resolve(
            new OperatorConfig.Flags(
                null, dir.resolve("data"), "127.0.0.1:0", true, null, null, null, null, null, null),
            ConfigFactory.load(),
            Map.of("HOME", dir.toString()),
            file -> "unused",
            "hello");
    OperatorRuntime runtime =
        new OperatorRuntime(
            config, new SubstrateFactory.Choice.Kubernetes(null, null, kubeconfig(), null));
    runtime.start();
    CompletableFuture<Integer> exit =
        CompletableFuture.supplyAsync(
            () -> {
              try {
                return runtime.awaitTermination();
              } catch (Exception e) {
                throw new IllegalStateException(e);
              }
            });
    try {
      await().atMost(WAIT).until(() -> UnitFinalizer.present(pod()));
      await()
          .atMost(WAIT)
          .until(
              () -> {
                ApplicationStatus status =
                    client
                        .resources(Application.class)
                        .inNamespace(NS)
                        .withName("hello")
                        .get()
                        .getStatus();
                return status != null
                    && status.units() != null
                    && status.units().stream()
                        .anyMatch(
                            u ->
                                u.name().equals("hello/0")
                                    && u.life().equals("alive")
                                    && u.agent().equals("idle"));
              });

      Path unitDir = dir.resolve("data/agents/unit-hello-0");
      assertThat(Files.readString(unitDir.resolve("hooks.log"))).contains("install", "start");

      // Held Terminating by the finalizer until stop and remove ran; then the unit directory goes.
      client.pods().inNamespace(NS).withName("hello-0").delete();
      assertThat(pod()).isNotNull();
      await().atMost(WAIT).until(() -> pod() == null);
      await().atMost(WAIT).until(() -> !Files.exists(unitDir));

      client.resources(Application.class).inNamespace(NS).withName("hello").delete();
      assertThat(exit.get(WAIT.toSeconds(), TimeUnit.SECONDS)).isZero();
    } finally {
      runtime.stop(OperatorRuntime.StopReason.SIGNAL, "test over");
    }
  }
}
