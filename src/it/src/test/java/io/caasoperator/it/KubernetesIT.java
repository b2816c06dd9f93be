package io.caasoperator.it;

import static io.caasoperator.it.Expect.FOLLOWER_LIFECYCLE;
import static io.caasoperator.it.Expect.LEADER_LIFECYCLE;
import static io.caasoperator.it.Expect.then;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.caasoperator.substrate.kubernetes.Application;
import io.caasoperator.substrate.kubernetes.ApplicationSpec;
import io.caasoperator.substrate.kubernetes.ApplicationStatus;
import io.caasoperator.substrate.kubernetes.UnitFinalizer;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.Resource;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The real operator process ({@code bin/caas-operator run --substrate kubernetes}) against the
 * fabric8 mock API server in CRUD mode, reached through a generated kubeconfig. Hooks run in the
 * operator's process ({@code deploymentMode: operator}); {@link KubernetesWorkloadIT} runs them in
 * pods, through the test kit's exec endpoint. One scenario, in the order an application lives:
 * deploy three units, edit the config, upgrade the charm, lose the API server and get it back,
 * scale to zero, delete the Application.
 */
class KubernetesIT {

  private static final String APP = "kube";
  private static final String NS = "demo";

  /** The operator writes the Application's status every 10 s. */
  private static final Duration STATUS_PATIENCE = Duration.ofSeconds(40);

  @RegisterExtension final Operators operators = new Operators();
  @RegisterExtension final KubernetesApiServer apiServer = KubernetesApiServer.start();
  private final KubernetesClient kubectl = apiServer.client();
  private TestKubelet kubelet;
  private Path charmDir;
  private TestCharm charm;

  @BeforeEach
  void setUp() {
    kubelet = new TestKubelet(kubectl, NS, APP);
    // stop waits for the test: a deleted pod must visibly stay Terminating while it runs.
    charm = TestCharm.named(APP).blocking("stop");
    charmDir = charm.writeTo(operators.tmp().resolve("charm"));
  }

  @Test
  void anApplicationLivesThroughConfigUpgradeApiServerRestartScaleToZeroAndDeletion() {
    apiServer.applyCrd();
    createApplication(spec(Map.of("greeting", "hello"), 0));
    for (int n = 0; n < 3; n++) kubelet.createPod(n);

    OperatorProcess operator = startOnKubernetes();
    OperatorApi api = operator.awaitListening();

    // Deploy: each unit installs and starts; once its workload container runs, web-pebble-ready.
    await("every unit started")
        .atMost(OperatorProcess.PATIENCE)
        .until(() -> List.of(0, 1, 2).stream().allMatch(n -> unit(n).hooks().contains("start")));
    for (int n = 0; n < 3; n++) kubelet.workloadRunning(n);
    awaitHooks();
    Expect.idleUnits(api, APP + "/0", APP + "/1", APP + "/2");
    for (int n = 0; n < 3; n++) {
      assertThat(kubelet.pod(n).getMetadata().getFinalizers())
          .as("pod %d adopted", n)
          .contains(UnitFinalizer.NAME);
    }
    ApplicationStatus written =
        await("the Application's status to list three idle units")
            .atMost(STATUS_PATIENCE)
            .pollInterval(Duration.ofMillis(500))
            .until(
                () -> application().get().getStatus(),
                s ->
                    s != null
                        && s.units() != null
                        && s.units().size() == 3
                        && s.units().stream()
                            .allMatch(u -> "alive".equals(u.life()) && "idle".equals(u.agent())));
    assertThat(written.units())
        .extracting(ApplicationStatus.UnitStatus::name)
        .containsExactly(APP + "/0", APP + "/1", APP + "/2");
    assertThat(written.charm()).isEqualTo(charmDir.toString());

    // Config edit → config-changed once on every unit.
    long configGeneration = api().configGeneration();
    editSpec(spec(Map.of("greeting", "bonjour", "port", 9090), 0));
    awaitHooks("config-changed");
    assertThat(Expect.idleUnits(api, APP + "/0", APP + "/1", APP + "/2").configGeneration())
        .isEqualTo(configGeneration + 1);

    // Charm upgrade (changed charm, modifiedVersion bumped) → upgrade-charm, then config-changed.
    charm.revision("2").writeTo(charmDir);
    editSpec(spec(Map.of("greeting", "bonjour", "port", 9090), 1));
    awaitHooks("config-changed", "upgrade-charm", "config-changed");
    Expect.status(
        api, "charm generation 2, all idle", s -> s.charmGeneration() == 2 && s.allUnitsIdle());
    // The Application's status follows the edit's generation and carries the three conditions.
    long generation = application().get().getMetadata().getGeneration();
    await("status.observedGeneration " + generation)
        .atMost(OperatorProcess.PATIENCE)
        .until(
            () -> {
              var status = application().get().getStatus();
              return status != null
                  && Long.valueOf(generation).equals(status.observedGeneration())
                  && status.conditions() != null
                  && status.conditions().size() == 3;
            });
    assertThat(application().get().getStatus().conditions())
        .extracting(c -> c.type())
        .containsExactly("Ready", "Progressing", "Degraded");
    assertThat(application().get().getStatus().readyUnits()).endsWith("/3");
    // kubectl describe application kube: the two deployments are one CharmDeployed Event counted
    // twice (the same fact within 10 min is aggregated), showing the latest.
    await("the CharmDeployed Event on the Application counts two deployments")
        .atMost(OperatorProcess.PATIENCE)
        .until(
            () -> applicationEventObjects("CharmDeployed"),
            events -> events.size() == 1 && Integer.valueOf(2).equals(events.get(0).getCount()));
    var deployed = applicationEventObjects("CharmDeployed").get(0);
    assertThat(deployed.getMessage()).startsWith("charm " + APP + " generation 2 deployed from");
    assertThat(deployed.getSeries().getCount()).isEqualTo(2);

    // The API server goes away. The edit made as soon as it is back, while the operator's
    // watches are still failed or backing off, must be seen once they list again.
    // (fabric8's informers retry their watches quietly; the status writes fail meanwhile.)
    apiServer.stop();
    pause(Duration.ofSeconds(5));
    assertThat(operator.isAlive()).as("the operator outlives the API server's absence").isTrue();
    apiServer.restart();
    editSpec(spec(Map.of("greeting", "after the outage", "port", 9090), 1));
    awaitHooks("config-changed", "upgrade-charm", "config-changed", "config-changed");
    Expect.idleUnits(api, APP + "/0", APP + "/1", APP + "/2");
    assertThat(operator.linesMatching("no longer in the substrate"))
        .as("no unit lost in the outage")
        .isEmpty();

    // Scale 3 → 0: the pods stay Terminating until stop and remove ran, then they are gone.
    for (int n = 2; n >= 0; n--) kubelet.deletePod(n);
    await("every unit's stop hook to start")
        .atMost(OperatorProcess.PATIENCE)
        .until(() -> List.of(0, 1, 2).stream().allMatch(n -> unit(n).hooks().contains("stop")));
    for (int n = 0; n < 3; n++) {
      var pod = kubelet.pod(n);
      assertThat(pod).as("pod %d held by the finalizer while stop runs", n).isNotNull();
      assertThat(pod.getMetadata().getDeletionTimestamp()).as("pod %d Terminating", n).isNotNull();
      unit(n).release("stop");
    }
    await("the pods to be gone")
        .atMost(OperatorProcess.PATIENCE)
        .until(() -> kubectl.pods().inNamespace(NS).list().getItems().isEmpty());
    await("the unit directories to be gone")
        .atMost(OperatorProcess.PATIENCE)
        .until(() -> List.of(0, 1, 2).stream().noneMatch(n -> unit(n).exists()));
    Expect.status(api, "no units", s -> s.unitNames().isEmpty());
    for (int n = 0; n < 3; n++) {
      String name = APP + "/" + n;
      operator.awaitLog("unit " + name + " hook remove completed");
      assertThat(operator.linesMatching("unit " + name + " hook (stop|remove) started"))
          .as("%s runs stop and remove once each", name)
          .hasSize(2);
      assertThat(operator.linesMatching("unit " + name + " removed$"))
          .as("%s removed once", name)
          .hasSize(1);
      assertThat(operator.linesMatching("pod " + APP + "-" + n + " released"))
          .as("pod %d released once", n)
          .hasSize(1);
      assertThat(operator.linesMatching("pod " + APP + "-" + n + " adopted"))
          .as("pod %d adopted once", n)
          .hasSize(1);
    }

    // The Application deleted → the operator ends peacefully, its data kept.
    application().delete();
    assertThat(operator.exitCode(OperatorProcess.PATIENCE)).isZero();
    assertThat(operators.dataDir().resolve("agents")).exists();
  }

  @Test
  void aFailingHookIsAWarningEventOnTheApplication() {
    TestCharm.named(APP).failing("install").writeTo(charmDir);
    createApplication(spec(Map.of(), 0));
    kubelet.createPod(0);

    OperatorProcess operator = startOnKubernetes();
    operator.awaitListening();

    List<String> failures =
        await("a HookFailed Event on the Application")
            .atMost(OperatorProcess.PATIENCE)
            .until(() -> applicationEvents("HookFailed"), events -> !events.isEmpty());
    assertThat(failures.get(0)).startsWith("unit " + APP + "/0: hook install failed (exit code 1)");
    assertThat(kubectl.v1().events().inNamespace(NS).list().getItems())
        .filteredOn(e -> "HookFailed".equals(e.getReason()))
        .allSatisfy(e -> assertThat(e.getType()).isEqualTo("Warning"));

    application().delete();
    assertThat(operator.exitCode(OperatorProcess.PATIENCE)).isZero();
  }

  /** The application's custom resource, made as a user applies it, with this spec. */
  private void createApplication(ApplicationSpec spec) {
    Application application = new Application();
    application.setMetadata(new ObjectMetaBuilder().withName(APP).withNamespace(NS).build());
    application.setSpec(spec);
    kubectl.resources(Application.class).inNamespace(NS).resource(application).create();
  }

  /** The operator of the application, on the Kubernetes substrate of the test's API server. */
  private OperatorProcess startOnKubernetes() {
    return operators.startOnKubernetes(
        APP, NS, apiServer.writeKubeconfig(operators.tmp().resolve("kubeconfig"), NS));
  }

  private static void pause(Duration duration) {
    try {
      Thread.sleep(duration);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }

  /** The messages of the Events with {@code reason} whose involved object is the Application. */
  private List<String> applicationEvents(String reason) {
    return applicationEventObjects(reason).stream()
        .map(io.fabric8.kubernetes.api.model.Event::getMessage)
        .toList();
  }

  /** The Events with {@code reason} whose involved object is the Application. */
  private List<io.fabric8.kubernetes.api.model.Event> applicationEventObjects(String reason) {
    return kubectl.v1().events().inNamespace(NS).list().getItems().stream()
        .filter(
            e ->
                "Application".equals(e.getInvolvedObject().getKind())
                    && APP.equals(e.getInvolvedObject().getName())
                    && reason.equals(e.getReason()))
        .toList();
  }

  private Resource<Application> application() {
    return kubectl.resources(Application.class).inNamespace(NS).withName(APP);
  }

  private ApplicationSpec spec(Map<String, Object> config, long modifiedVersion) {
    return new ApplicationSpec(
        new ApplicationSpec.CharmSpec(charmDir.toString(), null, modifiedVersion, null),
        config,
        null,
        "operator",
        "5m");
  }

  private void editSpec(ApplicationSpec spec) {
    application()
        .edit(
            a -> {
              a.setSpec(spec);
              return a;
            });
  }

  private Status api() {
    return Expect.status(new OperatorApi(operators.dataDir()), "answers", s -> true);
  }

  /** Every unit's hooks.log is exactly its lifecycle followed by {@code more}, and stays so. */
  private void awaitHooks(String... more) {
    for (int n = 0; n < 3; n++) {
      Expect.hooks(unit(n), then(n == 0 ? LEADER_LIFECYCLE : FOLLOWER_LIFECYCLE, more));
    }
  }

  private UnitDir unit(int ordinal) {
    return UnitDir.of(operators.dataDir(), APP + "/" + ordinal);
  }
}
