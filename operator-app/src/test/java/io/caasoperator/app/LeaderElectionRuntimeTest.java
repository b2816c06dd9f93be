package io.caasoperator.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.caasoperator.http.ListenerFile;
import io.caasoperator.substrate.kubernetes.UnitFinalizer;
import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.fabric8.kubernetes.api.model.coordination.v1.LeaseBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

/**
 * {@code run --substrate kubernetes --leader-election}, in process, against the mock API server in
 * CRUD mode: the replica acts only while it holds the Lease, stands by (503 on {@code /readyz},
 * nothing done to pods) while another holder has it, and acts again, from its journal, when the
 * lease comes back, all in one process that never exits.
 */
class LeaderElectionRuntimeTest {

  private static final String NS = MockCluster.NS;
  private static final String LEASE = "caas-operator-hello";

  /** Long: the mock can stall for a minute per closed watch (see start()). */
  private static final Duration WAIT = Duration.ofSeconds(150);

  @TempDir Path dir;
  private MockCluster cluster;
  private KubernetesClient client;
  private final HttpClient http = HttpClient.newHttpClient();

  /** The operator's log lines (io.caasoperator), to see what the replica saw and did. */
  private final ListAppender<ILoggingEvent> log = new ListAppender<>();

  /** Whether a line the operator logged matches (appends hold the appender's lock). */
  private boolean logged(Predicate<String> line) {
    synchronized (log) {
      return log.list.stream().map(ILoggingEvent::getFormattedMessage).anyMatch(line);
    }
  }

  @BeforeEach
  void start() {
    log.start();
    ((Logger) LoggerFactory.getLogger("io.caasoperator")).addAppender(log);
    // A long request timeout: when a client closes a watch, the mock's WatchEventsListener.onClosed
    // can block its only event loop for up to a minute (it awaits an executor there); a
    // standing-by replica closes all its watches at once. The operator's own client retries.
    cluster =
        MockCluster.withClient(
            builder -> builder.editOrNewConfig().withRequestTimeout(180_000).endConfig());
    client = cluster.client;
  }

  @AfterEach
  void stop() {
    ((Logger) LoggerFactory.getLogger("io.caasoperator")).detachAppender(log);
    cluster.close();
  }

  /**
   * Another replica holds the lease, renewed just now, for longer than the operator may take to
   * start on a loaded machine (15 s was seen to expire before it first looked).
   */
  private void heldByAnother() {
    Lease current = client.leases().inNamespace(NS).withName(LEASE).get();
    Lease lease =
        (current == null
                ? new LeaseBuilder()
                    .withNewMetadata()
                    .withName(LEASE)
                    .withNamespace(NS)
                    .endMetadata()
                : new LeaseBuilder(current))
            .withNewSpec()
            .withHolderIdentity("another-replica")
            .withLeaseDurationSeconds(120)
            .withAcquireTime(ZonedDateTime.now())
            .withRenewTime(ZonedDateTime.now())
            .withLeaseTransitions(1)
            .endSpec()
            .build();
    lease.getMetadata().setResourceVersion(null);
    client.leases().inNamespace(NS).resource(lease).createOr(existing -> existing.update());
  }

  private int readyz() throws Exception {
    URI url = ListenerFile.in(dir.resolve("data")).read().orElseThrow();
    return http.send(
            HttpRequest.newBuilder(url.resolve("/readyz")).build(),
            HttpResponse.BodyHandlers.ofString())
        .statusCode();
  }

  @Test
  void aReplicaActsOnlyWhileItHoldsTheLeaseAndStandsByWithoutExiting() throws Exception {
    cluster.deployHello();
    heldByAnother();

    OperatorConfig config = MockCluster.helloConfig(dir);
    OperatorRuntime runtime =
        new OperatorRuntime(
            config,
            new SubstrateFactory.Choice.Kubernetes(
                null, null, cluster.kubeconfig(dir), null, true));
    runtime.start();
    try {
      // Standing by: the listener answers, the pods are untouched once the replica has read the
      // lease and seen the other holder.
      assertThat(readyz()).isEqualTo(503);
      await()
          .atMost(WAIT)
          .until(
              () ->
                  logged(
                      line ->
                          line.startsWith("lease " + LEASE + ": ")
                              && line.endsWith(" sees it held by another-replica")));
      assertThat(UnitFinalizer.present(cluster.pod()))
          .as("no finalizer while another replica holds the lease")
          .isFalse();
      assertThat(readyz()).isEqualTo(503);

      // The other holder went away: this replica takes the lease and acts.
      client.leases().inNamespace(NS).withName(LEASE).delete();
      await().atMost(WAIT).until(() -> UnitFinalizer.present(cluster.pod()));
      await().atMost(WAIT).until(() -> readyz() == 200);
      Path unitDir = dir.resolve("data/agents/unit-hello-0");
      Path hooksLog = unitDir.resolve("hooks.log");
      await().atMost(WAIT).untilAsserted(() -> assertThat(hooksLog).content().contains("start"));

      // The lease taken away: the replica stands by (no exit) and leaves a deleted pod alone.
      heldByAnother();
      await().atMost(WAIT).until(() -> readyz() == 503);
      // the ended term's operator, its watchers and units are all stopped: nothing of it is left
      // that could see the pod go, so the pod stays until the next term (below) releases it
      await()
          .atMost(WAIT)
          .until(() -> logged("standing by: the ended term's operator has stopped"::equals));
      client.pods().inNamespace(NS).withName("hello-0").delete();
      assertThat(cluster.pod()).as("a standing-by replica does not release the pod").isNotNull();
      assertThat(hooksLog).content().doesNotContain("stop");

      // The lease back: the next term picks up from the journal and lets the pod go.
      client.leases().inNamespace(NS).withName(LEASE).delete();
      await().atMost(WAIT).until(() -> cluster.pod() == null);
      await().atMost(WAIT).until(() -> !Files.exists(unitDir));
      assertThat(readyz()).isEqualTo(200);
    } finally {
      runtime.stop(OperatorRuntime.StopReason.SIGNAL, "test over");
      assertThat(runtime.awaitTermination()).isZero();
    }
    Lease released = client.leases().inNamespace(NS).withName(LEASE).get();
    // fabric8 releases as client-go does: the lease shortened to one second, so the next
    // replica takes over at once instead of after the 15 s lease duration.
    assertThat(released.getSpec().getLeaseDurationSeconds())
        .as("the lease released at shutdown: %s", released)
        .isEqualTo(1);
  }
}
