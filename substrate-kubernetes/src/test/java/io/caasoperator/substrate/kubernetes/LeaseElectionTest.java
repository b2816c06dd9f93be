package io.caasoperator.substrate.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.fabric8.kubernetes.api.model.coordination.v1.LeaseBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/** Replicas electing a leader on a Lease in the mock API server (CRUD mode keeps Lease objects). */
class LeaseElectionTest {

  private static final String NS = "test";
  private static final String LEASE = "caas-operator-db";
  private static final Duration WAIT = Duration.ofSeconds(20);

  private KubernetesMockServer server;
  private KubernetesClient client;
  private final List<LeaseElection> elections = new CopyOnWriteArrayList<>();

  /** One replica's terms, in order: "acting", "standing by". */
  private record Replica(String name, List<String> terms)
      implements io.caasoperator.substrate.ReplicaElection.Terms {
    Replica(String name) {
      this(name, new CopyOnWriteArrayList<>());
    }

    @Override
    public void acting() {
      terms.add("acting");
    }

    @Override
    public void standingBy() {
      terms.add("standing by");
    }
  }

  /** LeaseElection's log: what each replica saw of the lease. */
  private final ListAppender<ILoggingEvent> log = new ListAppender<>();

  @BeforeEach
  void start() {
    server = CrudApiServer.started();
    client = server.createClient();
    log.start();
    ((Logger) LoggerFactory.getLogger(LeaseElection.class)).addAppender(log);
  }

  /** Whether LeaseElection logged {@code line} (appends hold the appender's lock). */
  private boolean logged(String line) {
    synchronized (log) {
      return log.list.stream().anyMatch(e -> e.getFormattedMessage().equals(line));
    }
  }

  @AfterEach
  void stop() {
    ((Logger) LoggerFactory.getLogger(LeaseElection.class)).detachAppender(log);
    elections.forEach(LeaseElection::close);
    client.close();
    server.destroy();
  }

  private LeaseElection elect(Replica replica) {
    // Short terms so that a take-over happens within the test's patience.
    LeaseElection election =
        new LeaseElection(
            client,
            NS,
            new LeaseElection.Settings(
                LEASE,
                replica.name(),
                Duration.ofSeconds(3),
                Duration.ofSeconds(2),
                Duration.ofMillis(200)),
            replica);
    elections.add(election);
    election.start();
    return election;
  }

  private Lease lease() {
    return client.leases().inNamespace(NS).withName(LEASE).get();
  }

  @Test
  void onlyOneReplicaActsAndTheOtherTakesOverWhenTheHolderLeaves() throws Exception {
    Replica a = new Replica("a");
    Replica b = new Replica("b");
    LeaseElection first = elect(a);
    await().atMost(WAIT).until(() -> a.terms().equals(List.of("acting")));
    assertThat(lease().getSpec().getHolderIdentity()).isEqualTo("a");

    LeaseElection second = elect(b);
    // b has read the lease and seen a holding it (fabric8's onNewLeader), and does not act
    await().atMost(WAIT).until(() -> logged("lease caas-operator-db: b sees it held by a"));
    assertThat(b.terms()).as("b waits while a holds the lease").isEmpty();
    assertThat(second.leading()).isFalse();

    first.close();
    assertThat(a.terms()).containsExactly("acting", "standing by");
    await().atMost(WAIT).until(() -> b.terms().equals(List.of("acting")));
    assertThat(lease().getSpec().getHolderIdentity()).isEqualTo("b");
  }

  @Test
  void aHolderThatLosesTheLeaseStandsByWithoutEndingAndRunsAgain() throws Exception {
    Replica a = new Replica("a");
    LeaseElection election = elect(a);
    await().atMost(WAIT).until(() -> a.terms().equals(List.of("acting")));

    // Another holder takes the lease over (as after a network partition); a cannot renew.
    // The write races a's renewals (409 Conflict): the intruder tries again on a fresh read, as any
    // client would.
    await()
        .atMost(WAIT)
        .ignoreExceptions()
        .until(
            () -> {
              Lease taken =
                  new LeaseBuilder(lease())
                      .editSpec()
                      .withHolderIdentity("intruder")
                      .withAcquireTime(ZonedDateTime.now())
                      .withRenewTime(ZonedDateTime.now())
                      .withLeaseDurationSeconds(4)
                      .endSpec()
                      .build();
              client.leases().inNamespace(NS).resource(taken).update();
              return true;
            });
    await().atMost(WAIT).until(() -> a.terms().equals(List.of("acting", "standing by")));
    assertThat(election.leading()).isFalse();

    // The intruder never renews: once its lease expired, a takes it again in a new term.
    await().atMost(WAIT).until(() -> a.terms().equals(List.of("acting", "standing by", "acting")));
    assertThat(lease().getSpec().getHolderIdentity()).isEqualTo("a");
  }
}
