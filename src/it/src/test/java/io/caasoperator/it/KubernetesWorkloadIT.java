package io.caasoperator.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.caasoperator.substrate.kubernetes.Application;
import io.caasoperator.substrate.kubernetes.ApplicationSpec;
import io.caasoperator.substrate.kubernetes.PodExecApiServer;
import io.caasoperator.substrate.kubernetes.StandInPods;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Hooks inside pods ({@code deploymentMode: workload}): the real operator process against the mock
 * API server in CRUD mode behind the test kit's {@link PodExecApiServer}, whose {@code pods/exec}
 * runs each command as a process in the pod's stand-in filesystem ({@link StandInPods}). The unit
 * is initialised remotely (the charm, the hook tools and the listener's CA streamed into the init
 * container over exec, which is then told to finish), and once its workload container runs every
 * hook runs in it by exec, calling the hook tools back over the network as a pod's hooks do.
 */
class KubernetesWorkloadIT {

  private static final String APP = "kube";
  private static final String NS = "demo";
  private static final String POD = APP + "-0";

  @RegisterExtension final Operators operators = new Operators();
  @RegisterExtension final KubernetesApiServer store = KubernetesApiServer.start();
  private final KubernetesClient kubectl = store.client();
  private StandInPods pods;
  private PodExecApiServer apiServer;
  private TestKubelet kubelet;

  @BeforeEach
  void setUp() {
    kubelet = new TestKubelet(kubectl, NS, APP);
    pods = new StandInPods(operators.tmp().resolve("pods"));
    apiServer = PodExecApiServer.start(store.url(), kubectl, pods);
  }

  @AfterEach
  void tearDown() {
    apiServer.close();
    pods.close();
  }

  @Test
  void aUnitsCharmIsCopiedIntoItsPodAndItsHooksRunThereCallingTheToolsBack() throws Exception {
    store.applyCrd();
    Path charm = writeCharm(operators.tmp().resolve("charm"));
    Application application = new Application();
    application.setMetadata(new ObjectMetaBuilder().withName(APP).withNamespace(NS).build());
    application.setSpec(
        new ApplicationSpec(
            new ApplicationSpec.CharmSpec(charm.toString(), null, 0L, null),
            Map.of("greeting", "hello"),
            null,
            "workload",
            "5m"));
    kubectl.resources(Application.class).inNamespace(NS).resource(application).create();
    kubelet.createPod(0);

    Path kubeconfig =
        KubernetesApiServer.writeKubeconfig(
            operators.tmp().resolve("kubeconfig"), NS, apiServer.url());
    OperatorProcess operator = operators.startOnKubernetes(APP, NS, kubeconfig);
    OperatorApi api = operator.awaitListening();

    // Remote init: while only the init container runs, the charm is streamed into the pod's shared
    // volume and the ready file tells the init container to finish. No hook has run yet.
    Path ready = pods.file(POD, "/var/lib/caas/.ready");
    await("the operator to copy the charm into the init container and signal it")
        .atMost(OperatorProcess.PATIENCE)
        .until(() -> Files.exists(ready));
    Path copied = pods.file(POD, "/var/lib/caas/charm");
    assertThat(copied.resolve("metadata.yaml"))
        .hasSameTextualContentAs(charm.resolve("metadata.yaml"));
    assertThat(copied.resolve("hooks/install")).isExecutable();
    assertThat(pods.file(POD, "/var/lib/caas/tools/status-set")).isExecutable();
    assertThat(pods.file(POD, "/var/lib/caas/ca.crt")).isNotEmptyFile();
    // the pod's script touches the ready file before the operator logs the copy it ended
    String copiedLine = "charm .* copied into pod " + POD + " \\(charm-init\\)";
    await("the operator to log the copy")
        .atMost(OperatorProcess.PATIENCE)
        .until(() -> !operator.linesMatching(copiedLine).isEmpty());
    assertThat(operator.linesMatching(copiedLine)).hasSize(1);
    Path podHooks = pods.file(POD, "/var/lib/caas/hooks.log");
    assertThat(podHooks).doesNotExist();

    // The init container ends, the workload container starts: every hook runs in it, in order.
    kubelet.workloadRunning(0);
    Expect.settles(
        "the pod's hooks.log to hold the leader's lifecycle, each hook run in " + POD,
        () ->
            assertThat(Files.exists(podHooks) ? Files.readAllLines(podHooks) : List.<String>of())
                .containsExactlyElementsOf(
                    Expect.LEADER_LIFECYCLE.stream().map(hook -> hook + " in " + POD).toList()));
    assertThat(UnitDir.of(operators.dataDir(), APP + "/0").hooks())
        .as("no hook ran on the operator's machine")
        .isEmpty();

    // The hooks' tool calls reached the operator: start set the workload status from inside the
    // pod.
    Status status =
        Expect.idleUnits(
            api,
            "the workload status set by start in the pod",
            s -> "active".equals(s.workload(APP + "/0")),
            APP + "/0");
    assertThat(status.workloadMessage(APP + "/0")).isEqualTo("greeting hello from " + POD);
    Cli.Result journal = operators.cli("journal", "--type", "HookCompleted");
    assertThat(journal.exitCode()).as(journal.stderr()).isZero();
    assertThat(journal.stdout().lines().filter(l -> l.contains("HookCompleted")))
        .hasSize(Expect.LEADER_LIFECYCLE.size());

    kubectl.resources(Application.class).inNamespace(NS).withName(APP).delete();
    assertThat(operator.exitCode(OperatorProcess.PATIENCE)).isZero();
  }

  /**
   * A charm whose hooks record themselves and the host they run on in {@code $HOME/hooks.log}
   * ({@code HOME} is the pod's shared volume), and whose start hook sets the workload status with
   * the hook tools: {@code config-get} and {@code status-set} answered by the operator's listener.
   */
  private static Path writeCharm(Path dir) {
    String record = "#!/bin/sh\necho \"$JUJU_HOOK_NAME in $(hostname)\" >> \"$HOME/hooks.log\"\n";
    Map<String, String> hooks = new LinkedHashMap<>();
    for (String hook : TestCharm.HOOKS) hooks.put("hooks/" + hook, record);
    hooks.put(
        "hooks/start",
        record
            + "status-set active \"greeting $(config-get greeting) from $(hostname)\" || exit 1\n");
    return ScriptCharm.write(dir, APP, hooks);
  }
}
