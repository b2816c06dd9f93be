package io.caasoperator.substrate.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fabric8 exec against a real {@code pods/exec} endpoint ({@link PodExecApiServer}): the
 * command runs as a process in the pod's stand-in filesystem, its output and exit status come back
 * over Kubernetes' remote command protocol, and stdin is streamed to it as fabric8 streams it (v4:
 * no end of file but the end of the connection, so the command must know where its input ends). Pod
 * {@code mariadb-0} is in the store with its init container {@code charm-init} running and its
 * workload container not started yet; pod {@code mariadb-1} with its workload container running.
 */
class Fabric8PodExecTest {

  private static final String NS = "test";
  private static final String INITIALISING = "mariadb-0";
  private static final String RUNNING = "mariadb-1";

  @TempDir Path tmp;
  private PodExecCluster cluster;
  private KubernetesClient client;

  @BeforeEach
  void start() {
    cluster =
        PodExecCluster.start(
            tmp.resolve("pods"),
            NS,
            Pods.initRunning(Pods.unitPod("mariadb", 0).build(), "containerd://init"),
            Pods.workloadRunning(Pods.unitPod("mariadb", 1).build(), "containerd://w", 0));
    client = cluster.client(NS);
  }

  @AfterEach
  void stop() {
    client.close();
    cluster.close();
  }

  /** Runs {@code command} in {@code container} of {@code pod}, allowing {@code timeout}. */
  private PodExec.Result exec(
      String pod, String container, List<String> command, byte[] stdin, int limit, Duration timeout)
      throws IOException, InterruptedException {
    return new Fabric8PodExec(client, NS)
        .exec(new PodExec.Request(pod, container, command, stdin, timeout, limit));
  }

  private PodExec.Result exec(String pod, String container, String script, byte[] stdin)
      throws IOException, InterruptedException {
    return exec(
        pod, container, List.of("sh", "-c", script), stdin, 64 * 1024, Duration.ofSeconds(30));
  }

  /** Runs {@code script} with no input in the workload container, keeping {@code limit} bytes. */
  private PodExec.Result inWorkload(String script, int limit, Duration timeout)
      throws IOException, InterruptedException {
    return exec(RUNNING, "workload", List.of("sh", "-c", script), new byte[0], limit, timeout);
  }

  @Test
  void aCommandsExitCodeAndOutputComeBack() throws Exception {
    PodExec.Result result =
        exec(RUNNING, "workload", "echo hi; echo careful >&2; exit 3", new byte[0]);
    assertThat(result).isEqualTo(new PodExec.Result(3, "hi\n", "careful\n", false, false));
  }

  @Test
  void aCommandThatSucceedsEndsWithExitCodeZero() throws Exception {
    assertThat(exec(RUNNING, "workload", "hostname", new byte[0]))
        .isEqualTo(new PodExec.Result(0, RUNNING + "\n", "", false, false));
  }

  @Test
  void outputBeyondTheLimitIsDroppedAndSaidSo() throws Exception {
    PodExec.Result result = inWorkload("printf 'y\\ny\\ny\\ny\\n'", 4, Duration.ofSeconds(30));
    assertThat(result).isEqualTo(new PodExec.Result(0, "y\ny\n", "", false, true));
  }

  /**
   * The charm copy as {@link KubernetesHookExecutor} makes it: {@link TarStream}'s archive (a charm
   * with an executable hook and 1 MiB of data, so stdin spans many WebSocket frames) streamed into
   * {@code tar -x} in the init container, which must end by itself: fabric8 speaks v4, where the
   * command's stdin never reaches end of file while the connection is open.
   */
  @Test
  void stdinIsStreamedForTheCharmCopy() throws Exception {
    Path charm = Files.createDirectories(tmp.resolve("charm"));
    Files.createDirectories(charm.resolve("hooks"));
    Path install = Files.writeString(charm.resolve("hooks/install"), "#!/bin/sh\necho installed\n");
    Files.setPosixFilePermissions(install, PosixFilePermissions.fromString("rwxr-xr-x"));
    byte[] data = new byte[1024 * 1024];
    new Random(29).nextBytes(data);
    Files.write(charm.resolve("data.bin"), data);
    byte[] archive = new TarStream().add("charm", charm).finish();

    PodExec.Result result =
        exec(
            INITIALISING,
            "charm-init",
            "mkdir -p /var/lib/caas && tar -x -f - -C /var/lib/caas && echo copied",
            archive);

    assertThat(result).isEqualTo(new PodExec.Result(0, "copied\n", "", false, false));
    Path copied = cluster.pods.file(INITIALISING, "/var/lib/caas/charm");
    assertThat(copied.resolve("data.bin")).hasBinaryContent(data);
    assertThat(copied.resolve("hooks/install"))
        .isExecutable()
        .hasContent("#!/bin/sh\necho installed\n");
  }

  @Test
  void theCommandSeesExactlyTheBytesStreamed() throws Exception {
    byte[] input = "line one\nline two\n".getBytes(StandardCharsets.UTF_8);
    // head -c reads exactly that much: it ends without an end of file, as a v4 exec must
    PodExec.Result result =
        exec(RUNNING, "workload", "head -c " + input.length + " | sha256sum | cut -c1-16", input);
    assertThat(result.exitCode()).isZero();
    assertThat(result.stdout().strip())
        .isEqualTo(
            java.util.HexFormat.of()
                .formatHex(java.security.MessageDigest.getInstance("SHA-256").digest(input))
                .substring(0, 16));
  }

  @Test
  void aCommandStillRunningAtTheTimeoutIsReportedAsTimedOut() throws Exception {
    PodExec.Result result = inWorkload("echo started; exec sleep 60", 1024, Duration.ofSeconds(2));
    assertThat(result.timedOut()).isTrue();
    assertThat(result.exitCode()).isEqualTo(-1);
  }

  @Test
  void aContainerThatHasNotStartedRefusesExec() {
    assertThatThrownBy(() -> exec(INITIALISING, "workload", "true", new byte[0]))
        .isInstanceOf(IOException.class)
        .hasMessageStartingWith("exec in " + INITIALISING + "/workload failed");
  }

  @Test
  void aContainerThePodDoesNotHaveRefusesExec() {
    assertThatThrownBy(() -> exec(RUNNING, "nope", "true", new byte[0]))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("container nope not found in pod " + RUNNING);
  }
}
