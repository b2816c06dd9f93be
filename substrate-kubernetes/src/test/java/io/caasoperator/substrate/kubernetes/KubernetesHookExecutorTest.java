package io.caasoperator.substrate.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import io.caasoperator.domain.UnitId;
import io.caasoperator.hook.BoundedHookExecutor;
import io.caasoperator.hook.HookInvocation;
import io.caasoperator.hook.ProcessResult;
import io.caasoperator.hook.UnitNotReady;
import io.caasoperator.hooktool.transport.HookToolShims;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The workload executor's decisions, with a fake exec API and pods set by the test. Each run looks
 * at the pod once: when the pod cannot take the hook it ends at once as {@link UnitNotReady} (the
 * unit waits and runs the hook again; {@code UnitActorTest} covers that).
 */
class KubernetesHookExecutorTest {

  private static final UnitId UNIT = UnitId.of("mariadb", 0);

  @TempDir Path dir;
  private Path unitDir;
  private Path charmV1;
  private Path charmV2;
  private Path tools;
  private Path ca;
  private final FakePodExec exec = new FakePodExec();
  private final AtomicReference<Pod> pod = new AtomicReference<>();
  private final AtomicInteger lookups = new AtomicInteger();

  @BeforeEach
  void charms() throws IOException {
    unitDir = Files.createDirectories(dir.resolve("agents/unit-mariadb-0"));
    charmV1 = charm("v1");
    charmV2 = charm("v2");
    tools = Files.createDirectories(dir.resolve("tools"));
    Files.writeString(tools.resolve("status-set"), "#!/bin/sh\n");
    ca = Files.writeString(dir.resolve("ca.crt"), "-----BEGIN CERTIFICATE-----\n");
  }

  private Path charm(String version) throws IOException {
    Path charm = Files.createDirectories(dir.resolve("charms/" + version + "/hooks"));
    Files.writeString(charm.getParent().resolve("metadata.yaml"), "name: mariadb\n");
    Path hook = Files.writeString(charm.resolve("install"), "#!/bin/sh\necho " + version + "\n");
    Files.setPosixFilePermissions(hook, PosixFilePermissions.fromString("rwxr-xr-x"));
    return charm.getParent();
  }

  private KubernetesHookExecutor executor() {
    return new KubernetesHookExecutor(
        unit -> {
          lookups.incrementAndGet();
          return Optional.ofNullable(pod.get());
        },
        exec,
        PodLayout.DEFAULT,
        "charm-init",
        tools,
        ca,
        "https://caas-operator.test.svc:30666");
  }

  private HookInvocation hook(Path charmDir) {
    Path view = unitDir.resolve("charm");
    return new HookInvocation(
        UNIT,
        unitDir,
        charmDir,
        List.of(view + "/hooks/install"),
        Map.of(
            "JUJU_CHARM_DIR",
            view.toString(),
            "PATH",
            tools + ":/usr/bin:/bin",
            "CAAS_OPERATOR_CA_FILE",
            ca.toString(),
            "CAAS_OPERATOR_URL",
            "https://127.0.0.1:30666",
            "JUJU_UNIT_NAME",
            "mariadb/0",
            "GREETING",
            "it's",
            "CAAS_HOOK_TOOL_ADDRESS",
            "127.0.0.1:41234"),
        Duration.ofSeconds(30),
        "ctx-1",
        1024);
  }

  private static ProcessResult await(CompletionStage<ProcessResult> stage) throws Exception {
    return stage.toCompletableFuture().get(10, TimeUnit.SECONDS);
  }

  /** The reason of a run that ended as not ready (nothing ran). */
  private static String notReady(CompletionStage<ProcessResult> stage) {
    ExecutionException failed =
        org.junit.jupiter.api.Assertions.assertThrows(ExecutionException.class, () -> await(stage));
    assertThat(failed.getCause()).isInstanceOf(UnitNotReady.class);
    return ((UnitNotReady) failed.getCause()).reason();
  }

  @Test
  void withTheWorkloadRunningTheCharmIsCopiedOnceAndTheHookRunsThere() throws Exception {
    pod.set(Pods.workloadRunning(Pods.unitPod("mariadb", 0).build(), "containerd://w", 0));
    KubernetesHookExecutor executor = executor();

    ProcessResult first = await(executor.run(hook(charmV1)));
    ProcessResult second = await(executor.run(hook(charmV1)));

    assertThat(first.succeeded()).isTrue();
    assertThat(second.succeeded()).isTrue();
    assertThat(exec.copies()).hasSize(1);
    assertThat(exec.copies().get(0).container()).isEqualTo("workload");
    assertThat(exec.copies().get(0).command().get(2)).doesNotContain(".ready");
    assertThat(exec.hooks())
        .hasSize(2)
        .allSatisfy(
            call -> {
              assertThat(call.pod()).isEqualTo("mariadb-0");
              assertThat(call.container()).isEqualTo("workload");
            });
  }

  @Test
  void theHookSeesThePodsPathsAndTheServiceAddress() throws Exception {
    KubernetesHookExecutor executor = executor();
    String script = executor.script(hook(charmV1));
    assertThat(script)
        .startsWith("cd '/var/lib/caas/charm' && ")
        .contains("export JUJU_CHARM_DIR='/var/lib/caas/charm'")
        .contains("export PATH='/var/lib/caas/tools:/usr/bin:/bin'")
        .contains("export CAAS_OPERATOR_CA_FILE='/var/lib/caas/ca.crt'")
        .contains("export CAAS_OPERATOR_URL='https://caas-operator.test.svc:30666'")
        .contains("export GREETING='it'\\''s'")
        .endsWith("&& exec '/var/lib/caas/charm/hooks/install'")
        .doesNotContain(dir.toString())
        .as("the operator's loopback listener is not the pod's")
        .doesNotContain("CAAS_HOOK_TOOL_ADDRESS");
  }

  @Test
  void whileTheInitContainerRunsTheCharmGoesThereAndItIsToldToFinish() throws Exception {
    Pod initializing = Pods.initRunning(Pods.unitPod("mariadb", 0).build(), "containerd://i");
    Pod started = Pods.workloadRunning(Pods.unitPod("mariadb", 0).build(), "containerd://w", 0);
    pod.set(initializing);
    // The "kubelet" starts the workload once the copy happened.
    PodExec kubelet =
        request -> {
          PodExec.Result result = exec.exec(request);
          if (request.command().get(2).contains(".ready")) pod.set(started);
          return result;
        };
    KubernetesHookExecutor executor =
        new KubernetesHookExecutor(
            unit -> Optional.of(pod.get()),
            kubelet,
            PodLayout.DEFAULT,
            "charm-init",
            tools,
            ca,
            null);

    assertThat(notReady(executor.run(hook(charmV1))))
        .isEqualTo("pod mariadb-0: charm copied, waiting for container workload to start");
    ProcessResult result = await(executor.run(hook(charmV1))); // the unit's next attempt

    assertThat(result.succeeded()).isTrue();
    assertThat(exec.copies()).hasSize(1);
    assertThat(exec.copies().get(0).container()).isEqualTo("charm-init");
    assertThat(exec.copies().get(0).command().get(2)).contains("touch '/var/lib/caas/.ready'");
    assertThat(exec.hooks()).hasSize(1);
    assertThat(exec.hooks().get(0).container()).isEqualTo("workload");
  }

  @Test
  void aPodWhereNothingRunsIsNotReadyAtOnceSayingWhyAndTheNextRunLooksAgain() throws Exception {
    pod.set(Pods.unitPod("mariadb", 0).build());
    KubernetesHookExecutor executor = executor();
    assertThat(notReady(executor.run(hook(charmV1))))
        .isEqualTo("pod mariadb-0: neither charm-init nor workload is running");
    assertThat(lookups).as("one look at the pod per run, no waiting").hasValue(1);
    assertThat(exec.calls()).isEmpty();

    pod.set(Pods.workloadRunning(Pods.unitPod("mariadb", 0).build(), "containerd://w", 0));
    assertThat(await(executor.run(hook(charmV1))).succeeded()).isTrue();
    assertThat(lookups).hasValue(2);
  }

  @Test
  void aUnitWithoutAPodIsNotReady() {
    assertThat(notReady(executor().run(hook(charmV1)))).isEqualTo("unit mariadb/0 has no pod");
  }

  @Test
  void aFailedCopyIsNotReadyWithItsCauseAndTheNextRunCopiesAgainThenRunsTheHook() throws Exception {
    pod.set(Pods.workloadRunning(Pods.unitPod("mariadb", 0).build(), "containerd://w", 0));
    exec.failingCopies(2);
    KubernetesHookExecutor executor = executor();
    assertThat(notReady(executor.run(hook(charmV1)))).isEqualTo("pod mariadb-0: connection reset");
    assertThat(notReady(executor.run(hook(charmV1)))).isEqualTo("pod mariadb-0: connection reset");
    assertThat(exec.hooks()).isEmpty();

    assertThat(await(executor.run(hook(charmV1))).succeeded()).isTrue();
    assertThat(exec.copies()).hasSize(3);
    assertThat(exec.hooks()).hasSize(1);
  }

  @Test
  void aPodThatIsNotReadyHoldsNoSlotOfTheHookLimit() throws Exception {
    pod.set(Pods.unitPod("mariadb", 0).build());
    BoundedHookExecutor bounded = new BoundedHookExecutor(executor(), 1);
    notReady(bounded.run(hook(charmV1)));
    assertThat(bounded.availableSlots()).isEqualTo(1);
    assertThat(bounded.queuedHooks()).isZero();
  }

  @Test
  void aPodWithoutContainersFailsTheHookForGood() throws Exception {
    pod.set(Pods.unitPod("mariadb", 0).editSpec().withContainers(List.of()).endSpec().build());
    ProcessResult result = await(executor().run(hook(charmV1)));
    assertThat(result.startFailure()).isEqualTo("pod mariadb-0 has no workload container");
  }

  @Test
  void anUpgradeOrARecreatedPodCopiesTheCharmAgain() throws Exception {
    pod.set(Pods.workloadRunning(Pods.unitPod("mariadb", 0).build(), "containerd://w", 0));
    KubernetesHookExecutor executor = executor();
    await(executor.run(hook(charmV1)));
    await(executor.run(hook(charmV2)));
    pod.set(new PodBuilder(pod.get()).editMetadata().withUid("uid-new").endMetadata().build());
    await(executor.run(hook(charmV2)));
    assertThat(exec.copies()).hasSize(3);
  }

  @Test
  void aFailingHookReportsItsExitCode() throws Exception {
    pod.set(Pods.workloadRunning(Pods.unitPod("mariadb", 0).build(), "containerd://w", 0));
    exec.exiting(3);
    ProcessResult result = await(executor().run(hook(charmV1)));
    assertThat(result.exitCode()).isEqualTo(3);
    assertThat(result.startFailure()).isNull();
  }

  @Test
  void theCopiedArchiveUnpacksWithTarToCharmToolsAndCa() throws Exception {
    Path out = unpackWithTar(executor().archive(charmV1), "unpacked");
    assertThat(out.resolve("charm/hooks/install")).content().contains("echo v1");
    assertThat(Files.isExecutable(out.resolve("charm/hooks/install"))).isTrue();
    assertThat(out.resolve("charm/metadata.yaml")).exists();
    // the portable tools (sh, curl through TLS), whatever the operator's own machine uses
    assertThat(out.resolve("tools/status-set"))
        .content()
        .isEqualTo(HookToolShims.portable().get("status-set"));
    assertThat(out.resolve("tools/" + HookToolShims.COMMON)).content().startsWith("#!/bin/sh");
    assertThat(Files.isExecutable(out.resolve("tools/status-set"))).isTrue();
    assertThat(out.resolve("ca.crt")).content().startsWith("-----BEGIN CERTIFICATE");
  }

  @Test
  void pathsLongerThanUstarHoldsUnpackWhole() throws Exception {
    String deep = String.join("/", Collections.nCopies(12, "directory"));
    Path file = Files.createDirectories(charmV1.resolve(deep)).resolve("file.txt");
    Files.writeString(file, "deep");
    Path out = unpackWithTar(executor().archive(charmV1), "unpacked-long");
    assertThat(out.resolve("charm").resolve(deep).resolve("file.txt")).content().isEqualTo("deep");
  }

  /**
   * Unpacks {@code archive} with the system's tar into {@code dir/into}, as the pod's tar would.
   */
  private Path unpackWithTar(byte[] archive, String into) throws Exception {
    Path out = Files.createDirectories(dir.resolve(into));
    Process tar =
        new ProcessBuilder("tar", "-x", "-f", "-", "-C", out.toString())
            .redirectErrorStream(true)
            .start();
    try (var stdin = tar.getOutputStream()) {
      stdin.write(archive);
    }
    String output = new String(tar.getInputStream().readAllBytes());
    assertThat(tar.waitFor()).as(output).isZero();
    return out;
  }
}
