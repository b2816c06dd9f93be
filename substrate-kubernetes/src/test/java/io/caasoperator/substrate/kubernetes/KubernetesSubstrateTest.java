package io.caasoperator.substrate.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.caasoperator.domain.ApplicationName;
import io.caasoperator.domain.CharmStorage;
import io.caasoperator.domain.Life;
import io.caasoperator.domain.UnitAddresses;
import io.caasoperator.domain.UnitId;
import io.caasoperator.substrate.ApplicationObservation;
import io.caasoperator.substrate.ContainerStarted;
import io.caasoperator.substrate.StorageLayout;
import io.caasoperator.substrate.UnitObservation;
import io.caasoperator.substrate.UnitsObserved;
import io.caasoperator.substrate.Watch;
import io.caasoperator.testing.RecordingSink;
import io.caasoperator.testing.TestUnits;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The substrate against fabric8's mock API server in CRUD mode (it keeps objects, serves lists and
 * watches, holds a deleted pod with finalizers as Terminating), through a real client.
 */
class KubernetesSubstrateTest {

  private static final String NS = "test";
  private static final Duration WAIT = Duration.ofSeconds(20);
  private static final AtomicInteger APPS = new AtomicInteger();

  @RegisterExtension final CrudApiServer api = CrudApiServer.withCrd();
  private final KubernetesClient client = api.client;
  private KubernetesSubstrate substrate;
  private ApplicationName app;

  @BeforeEach
  void start() throws Exception {
    app = new ApplicationName("db" + (char) ('a' + APPS.getAndIncrement() % 26));
    substrate =
        new KubernetesSubstrate(
            client,
            NS,
            app,
            Duration.ofMinutes(1),
            "charm-init",
            TestUnits.SUCCEEDING,
            TestUnits.SUCCEEDING);
  }

  @AfterEach
  void stop() {
    substrate.close();
  }

  private Application createApplication(Map<String, Object> config) {
    return api.createApplication(
        NS,
        app.value(),
        new ApplicationSpec.CharmSpec("https://charms.example/db.charm", null, null, null),
        config);
  }

  private Pod createPod(int ordinal) {
    return client
        .pods()
        .inNamespace(NS)
        .resource(Pods.unitPod(app.value(), ordinal).build())
        .create();
  }

  private Pod pod(int ordinal) {
    return client.pods().inNamespace(NS).withName(app.value() + "-" + ordinal).get();
  }

  /** Writes {@code pod}'s status, as the kubelet does. */
  private void writeStatus(Pod pod) {
    client.pods().inNamespace(NS).resource(pod).updateStatus();
  }

  private static void awaitStarted(RecordingSink<ContainerStarted> sink, ContainerStarted started) {
    await().atMost(WAIT).until(() -> sink.observed().contains(started));
  }

  /** Sets the Application's option {@code greeting} to {@code value}, as {@code kubectl edit}. */
  private void setGreeting(Object value) {
    editApplication(
        a -> {
          a.getSpec().config().put("greeting", value);
          return a;
        });
  }

  private void editApplication(UnaryOperator<Application> edit) {
    client.resources(Application.class).inNamespace(NS).withName(app.value()).edit(edit);
  }

  private static void awaitGreeting(RecordingSink<ApplicationObservation> sink, String greeting) {
    await()
        .atMost(WAIT)
        .until(
            () ->
                sink.last() instanceof ApplicationObservation.Specified s
                    && s.specification().config().equals(Map.of("greeting", greeting)));
  }

  /** Waits until {@code expected} is the last observation. */
  private static <T> void awaitLast(RecordingSink<T> sink, T expected) {
    await().atMost(WAIT).until(() -> expected.equals(sink.last()));
  }

  private UnitObservation unit(int ordinal, Life life) {
    return new UnitObservation(new UnitId(app, ordinal), life);
  }

  @Test
  void theApplicationIsSpecifiedChangedInvalidatedAndFinallyNotFound() {
    createApplication(Map.of("greeting", "hi"));
    RecordingSink<ApplicationObservation> sink = new RecordingSink<>();
    try (Watch ignored = substrate.applicationSource().watch(sink)) {
      awaitGreeting(sink, "hi");

      setGreeting("hello");
      awaitGreeting(sink, "hello");

      setGreeting(List.of("not", "a", "string"));
      await().atMost(WAIT).until(() -> sink.last() instanceof ApplicationObservation.Invalid);

      client.resources(Application.class).inNamespace(NS).withName(app.value()).delete();
      await().atMost(WAIT).until(() -> sink.last() instanceof ApplicationObservation.NotFound);
      assertThat(sink.failures()).isEmpty();
    }
  }

  @Test
  void aMissingApplicationIsNotFoundFromTheStart() {
    RecordingSink<ApplicationObservation> sink = new RecordingSink<>();
    try (Watch ignored = substrate.applicationSource().watch(sink)) {
      await().atMost(WAIT).until(() -> sink.last() instanceof ApplicationObservation.NotFound);
    }
  }

  @Test
  void podsBecomeUnitsAreAdoptedAndADeletedPodWaitsForItsRelease() throws Exception {
    createApplication(Map.of());
    RecordingSink<UnitsObserved> sink = new RecordingSink<>();
    try (Watch ignored = substrate.unitSource().watch(sink)) {
      awaitLast(sink, new UnitsObserved(List.of(), true));

      createPod(0);
      createPod(1);
      awaitLast(sink, new UnitsObserved(List.of(unit(0, Life.ALIVE), unit(1, Life.ALIVE)), true));
      await()
          .atMost(WAIT)
          .until(() -> UnitFinalizer.present(pod(0)) && UnitFinalizer.present(pod(1)));

      client.pods().inNamespace(NS).withName(app.value() + "-1").delete();
      awaitLast(sink, new UnitsObserved(List.of(unit(0, Life.ALIVE), unit(1, Life.DYING)), true));
      assertThat(pod(1)).as("held by the finalizer until released").isNotNull();

      substrate.unitRemover().release(new UnitId(app, 1));
      await().atMost(WAIT).until(() -> pod(1) == null);
      awaitLast(sink, new UnitsObserved(List.of(unit(0, Life.ALIVE)), true));

      // Idempotent, and an alive pod keeps its finalizer.
      substrate.unitRemover().release(new UnitId(app, 1));
      substrate.unitRemover().release(new UnitId(app, 0));
      assertThat(UnitFinalizer.present(pod(0))).isTrue();
      assertThat(sink.failures()).isEmpty();
    }
  }

  @Test
  void aUnitsAddressesAreItsPodIpThenItsApplicationsServiceAsJujuGivesThem() {
    createApplication(Map.of());
    UnitId unit0 = new UnitId(app, 0);
    RecordingSink<UnitsObserved> sink = new RecordingSink<>();
    try (Watch ignored = substrate.unitSource().watch(sink)) {
      createPod(0);
      await().atMost(WAIT).until(() -> sink.last() != null && !sink.last().units().isEmpty());
      assertThat(substrate.addresses().of(unit0))
          .as("a pod without an IP yet")
          .isEqualTo(UnitAddresses.UNKNOWN);

      // The substrate patches the pod it has just seen (its finalizer), so the edit may meet a
      // newer resourceVersion (409): try again, as any Kubernetes client does on a conflict.
      await()
          .atMost(WAIT)
          .ignoreException(KubernetesClientException.class)
          .until(
              () ->
                  client
                          .pods()
                          .inNamespace(NS)
                          .withName(app.value() + "-0")
                          .editStatus(
                              p -> {
                                p.setStatus(
                                    new io.fabric8.kubernetes.api.model.PodStatusBuilder()
                                        .withPodIP("10.1.2.3")
                                        .build());
                                return p;
                              })
                      != null);
      await()
          .atMost(WAIT)
          .until(() -> "10.1.2.3".equals(substrate.addresses().of(unit0).privateAddress()));
      assertThat(substrate.addresses().of(unit0))
          .isEqualTo(UnitAddresses.kubernetes("10.1.2.3", null, null));

      client
          .services()
          .inNamespace(NS)
          .resource(
              new io.fabric8.kubernetes.api.model.ServiceBuilder()
                  .withNewMetadata()
                  .withName(app.value())
                  .endMetadata()
                  .withNewSpec()
                  .withClusterIP("10.152.183.7")
                  .endSpec()
                  .build())
          .create();
      await()
          .atMost(WAIT)
          .until(() -> "10.152.183.7".equals(substrate.addresses().of(unit0).privateAddress()));
      UnitAddresses behindService = substrate.addresses().of(unit0);
      assertThat(behindService.interfaces().get(0).addresses().get(0).value())
          .isEqualTo("10.1.2.3");
      assertThat(behindService.ingressAddresses()).containsExactly("10.152.183.7");
      assertThat(behindService.egressSubnets()).containsExactly("10.152.183.7/32");
      assertThat(substrate.addresses().of(new UnitId(app, 5)))
          .as("no such pod")
          .isEqualTo(UnitAddresses.UNKNOWN);
    }
  }

  @Test
  void aUnitsStorageIsWhereItsPodMountsTheVolumeOfThatNameElseWhereJujuPutsIt() {
    createApplication(Map.of());
    UnitId unit0 = new UnitId(app, 0);
    RecordingSink<UnitsObserved> sink = new RecordingSink<>();
    try (Watch ignored = substrate.unitSource().watch(sink)) {
      client
          .pods()
          .inNamespace(NS)
          .resource(
              Pods.unitPod(app.value(), 0)
                  .editSpec()
                  .editFirstContainer()
                  .addNewVolumeMount()
                  .withName("data")
                  .withMountPath("/var/lib/mysql")
                  .endVolumeMount()
                  .endContainer()
                  .endSpec()
                  .build())
          .create();
      await().atMost(WAIT).until(() -> sink.last() != null && !sink.last().units().isEmpty());
      StorageLayout layout = substrate.storageLayout();
      assertThat(layout.location(unit0, "data/0", new CharmStorage("filesystem", "")))
          .isEqualTo("/var/lib/mysql");
      assertThat(layout.location(unit0, "logs/0", new CharmStorage("filesystem", "/var/log/db")))
          .isEqualTo("/var/log/db");
      assertThat(layout.location(unit0, "cache/0", new CharmStorage("filesystem", "")))
          .isEqualTo("/var/lib/juju/storage/cache/0");
      assertThat(layout.canAdd()).isFalse();
    }
  }

  @Test
  void aRestartedWatchListsEverythingAgain() {
    createApplication(Map.of());
    createPod(0);
    createPod(3);
    RecordingSink<UnitsObserved> first = new RecordingSink<>();
    Watch watch = substrate.unitSource().watch(first);
    await().atMost(WAIT).until(() -> first.last() != null);
    watch.close();

    RecordingSink<UnitsObserved> second = new RecordingSink<>();
    try (Watch ignored = substrate.unitSource().watch(second)) {
      await().atMost(WAIT).until(() -> second.last() != null);
      assertThat(second.observed().get(0))
          .isEqualTo(new UnitsObserved(List.of(unit(0, Life.ALIVE), unit(3, Life.ALIVE)), true));
    }
  }

  @Test
  void containerStartsAreReportedOncePerStart() {
    createApplication(Map.of());
    Pod created = createPod(2);
    RecordingSink<ContainerStarted> sink = new RecordingSink<>();
    UnitId unit = new UnitId(app, 2);
    try (Watch ignored = substrate.containerStartSource().watch(sink)) {
      writeStatus(Pods.initRunning(pod(2), "containerd://init"));
      awaitStarted(sink, new ContainerStarted(unit, "charm-init", "containerd://init"));

      writeStatus(Pods.workloadRunning(pod(2), "containerd://w1", 0));
      awaitStarted(sink, new ContainerStarted(unit, "workload", "containerd://w1"));

      // The same status written again is no new start; a restart is.
      writeStatus(Pods.workloadRunning(pod(2), "containerd://w1", 0));
      writeStatus(Pods.workloadRunning(pod(2), "containerd://w2", 1));
      awaitStarted(sink, new ContainerStarted(unit, "workload", "containerd://w2"));
      assertThat(sink.observed())
          .containsExactly(
              new ContainerStarted(unit, "charm-init", "containerd://init"),
              new ContainerStarted(unit, "workload", "containerd://w1"),
              new ContainerStarted(unit, "workload", "containerd://w2"));
      assertThat(created).isNotNull();
    }
  }

  @Test
  void theStatusIsWrittenToTheStatusSubresourceOnlyWhenItChanged() {
    createApplication(Map.of());
    ApplicationStatusWriter writer =
        new ApplicationStatusWriter(client, NS, app, Clock.systemUTC());
    ApplicationStatus status =
        new ApplicationStatus(
            "active",
            "",
            "https://charms.example/db.charm",
            null,
            List.of(
                new ApplicationStatus.UnitStatus(app + "/0", "alive", "idle", "active", "ready")));
    assertThat(writer.write(status)).isTrue();
    assertThat(writer.write(status)).as("unchanged").isFalse();

    ApplicationStatus stored =
        client.resources(Application.class).inNamespace(NS).withName(app.value()).get().getStatus();
    assertThat(stored.units()).isEqualTo(status.units());
    assertThat(stored.status()).isEqualTo("active");
    assertThat(stored.updated()).isNotBlank();

    client.resources(Application.class).inNamespace(NS).withName(app.value()).delete();
    await()
        .atMost(WAIT)
        .until(
            () ->
                client.resources(Application.class).inNamespace(NS).withName(app.value()).get()
                    == null);
    assertThat(writer.write(new ApplicationStatus("blocked", "gone", null, null, List.of())))
        .isFalse();
  }

  @Test
  void theDeploymentModeFollowsTheSpecification() {
    Application created = createApplication(Map.of());
    RecordingSink<ApplicationObservation> sink = new RecordingSink<>();
    try (Watch ignored = substrate.applicationSource().watch(sink)) {
      await().atMost(WAIT).until(() -> sink.last() instanceof ApplicationObservation.Specified);
      assertThat(substrate.deploymentMode()).isEqualTo(DeploymentMode.WORKLOAD);
      editApplication(
          a -> {
            a.setSpec(
                new ApplicationSpec(
                    a.getSpec().charm(), a.getSpec().config(), null, "operator", null));
            return a;
          });
      await().atMost(WAIT).until(() -> substrate.deploymentMode() == DeploymentMode.OPERATOR);
      assertThat(created).isNotNull();
    }
  }

  @Test
  void aWatchWhoseInformerCannotListFailsSoItsWatcherRestartsIt() {
    // No retries inside the client, so the failure shows at once rather than after its backoff.
    KubernetesClient impatient =
        api.server.createClient(
            builder -> builder.editOrNewConfig().withRequestRetryBackoffLimit(0).endConfig());
    api.server.destroy();
    KubernetesSubstrate cut =
        new KubernetesSubstrate(
            impatient,
            NS,
            app,
            Duration.ZERO,
            "charm-init",
            substrate.hookExecutor(),
            substrate.hookExecutor());
    RecordingSink<UnitsObserved> units = new RecordingSink<>();
    RecordingSink<ApplicationObservation> application = new RecordingSink<>();
    try (Watch a = cut.unitSource().watch(units);
        Watch b = cut.applicationSource().watch(application)) {
      await()
          .atMost(WAIT)
          .until(() -> !units.failures().isEmpty() && !application.failures().isEmpty());
      assertThat(units.observed()).isEmpty();
      assertThat(application.observed()).isEmpty();
    } finally {
      cut.close();
      impatient.close();
    }
  }
}
