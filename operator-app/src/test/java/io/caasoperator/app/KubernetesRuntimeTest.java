package io.caasoperator.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.caasoperator.substrate.kubernetes.Application;
import io.caasoperator.substrate.kubernetes.ApplicationStatus;
import io.caasoperator.substrate.kubernetes.UnitFinalizer;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.FutureTask;
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

  private static final String NS = MockCluster.NS;
  private static final Duration WAIT = Duration.ofSeconds(60);

  @TempDir Path dir;
  private MockCluster cluster;
  private KubernetesClient client;

  @BeforeEach
  void start() {
    cluster = MockCluster.withCrd();
    client = cluster.client;
  }

  @AfterEach
  void stop() {
    cluster.close();
  }

  @Test
  void aUnitPodIsAdoptedShownInStatusReleasedAfterItsHooksAndDeletingTheApplicationEndsTheOperator()
      throws Exception {
    cluster.deployHello();

    OperatorConfig config = MockCluster.helloConfig(dir);
    OperatorRuntime runtime =
        new OperatorRuntime(
            config,
            new SubstrateFactory.Choice.Kubernetes(null, null, cluster.kubeconfig(dir), null));
    runtime.start();
    FutureTask<Integer> exit = new FutureTask<>(runtime::awaitTermination);
    Thread.ofVirtual().start(exit);
    try {
      await().atMost(WAIT).until(() -> UnitFinalizer.present(cluster.pod()));
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
      assertThat(cluster.pod()).isNotNull();
      await().atMost(WAIT).until(() -> cluster.pod() == null);
      await().atMost(WAIT).until(() -> !Files.exists(unitDir));

      client.resources(Application.class).inNamespace(NS).withName("hello").delete();
      assertThat(exit.get(WAIT.toSeconds(), TimeUnit.SECONDS)).isZero();
    } finally {
      runtime.stop(OperatorRuntime.StopReason.SIGNAL, "test over");
    }
  }
}
