package io.caasoperator.substrate.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.PodListBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.ErrorStreamMessage;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.kubernetes.client.server.mock.OutputStreamMessage;
import io.fabric8.kubernetes.client.server.mock.StatusStreamMessage;
import io.fabric8.mockwebserver.internal.WebSocketMessage;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The fabric8 exec against the mock server in expectations mode: only there does the mock answer
 * the WebSocket upgrade of {@code pods/exec} (STACK-NOTES pitfall 9). Each test expects the exact
 * exec path, URL-encoded command included, and the pod lookup fabric8 does first.
 */
class Fabric8PodExecTest {

  private static final String NS = "test";
  private static final String POD = "mariadb-0";

  private KubernetesMockServer server;
  private KubernetesClient client;

  @BeforeEach
  void start() {
    server = new KubernetesMockServer(false);
    server.init();
    client = server.createClient();
    var pod = Pods.workloadRunning(Pods.unitPod("mariadb", 0).build(), "containerd://w", 0);
    pod.getMetadata().setResourceVersion("1");
    server
        .expect()
        .get()
        .withPath("/api/v1/namespaces/" + NS + "/pods/" + POD)
        .andReturn(200, pod)
        .always();
    // fabric8 first waits (list, then watch) for the pod to be ready for exec.
    server
        .expect()
        .get()
        .withPath("/api/v1/namespaces/" + NS + "/pods?fieldSelector=metadata.name%3D" + POD)
        .andReturn(
            200,
            new PodListBuilder()
                .withItems(pod)
                .withNewMetadata()
                .withResourceVersion("1")
                .endMetadata()
                .build())
        .always();
  }

  @AfterEach
  void stop() {
    client.close();
    server.destroy();
  }

  /**
   * The mock answers one exec of {@code command} in {@code container} with {@code frames}, in
   * order, 20 ms apart from 20 ms after the upgrade: a frame the mock sends at the very moment of
   * the upgrade can reach the client before its exec listener is ready, and is lost (seen once,
   * under load, as a missing stdout).
   */
  private void answersExec(
      String container, boolean stdin, List<String> command, WebSocketMessage... frames) {
    Object[] spaced = new Object[frames.length];
    for (int i = 0; i < frames.length; i++) {
      WebSocketMessage frame = frames[i];
      spaced[i] =
          new WebSocketMessage(
              20L * (i + 1), frame.getBytes(), frame.isToBeRemoved(), frame.isBinary());
    }
    server
        .expect()
        .withPath(execPath(container, stdin, command))
        .andUpgradeToWebSocket()
        .open(spaced)
        .done()
        .once();
  }

  /** Runs {@code command} in {@code container} of the pod, allowing 10 s. */
  private PodExec.Result exec(String container, List<String> command, byte[] stdin, int limit)
      throws IOException, InterruptedException {
    return new Fabric8PodExec(client, NS)
        .exec(new PodExec.Request(POD, container, command, stdin, Duration.ofSeconds(10), limit));
  }

  private static String execPath(String container, boolean stdin, List<String> command) {
    StringBuilder path = new StringBuilder("/api/v1/namespaces/" + NS + "/pods/" + POD + "/exec?");
    for (String word : command) {
      path.append("command=")
          .append(
              java.net.URLEncoder.encode(word, java.nio.charset.StandardCharsets.UTF_8)
                  .replace("+", "%20"))
          .append('&');
    }
    path.append("container=").append(container);
    if (stdin) path.append("&stdin=true");
    path.append("&stdout=true&stderr=true");
    return path.toString();
  }

  @Test
  void aCommandsExitCodeAndOutputComeBack() throws Exception {
    answersExec(
        "workload",
        false,
        List.of("sh", "-c", "echo hi"),
        new OutputStreamMessage("hi\n"),
        new ErrorStreamMessage("careful\n"),
        new StatusStreamMessage(3));
    PodExec.Result result = exec("workload", List.of("sh", "-c", "echo hi"), new byte[0], 1024);
    assertThat(result).isEqualTo(new PodExec.Result(3, "hi\n", "careful\n", false, false));
  }

  @Test
  void outputBeyondTheLimitIsDroppedAndSaidSo() throws Exception {
    answersExec(
        "workload",
        false,
        List.of("sh", "-c", "yes"),
        new OutputStreamMessage("y\ny\ny\ny\n"),
        new StatusStreamMessage(0));
    PodExec.Result result = exec("workload", List.of("sh", "-c", "yes"), new byte[0], 4);
    assertThat(result).isEqualTo(new PodExec.Result(0, "y\ny\n", "", false, true));
  }

  @Test
  @org.junit.jupiter.api.Disabled(
      "flaky against the mock server: with stdin streamed, the mock may close the exec"
          + " WebSocket before the client reads the status frame (the exit code completes null); README, Kubernetes")
  void stdinIsStreamedForTheCharmCopy() throws Exception {
    answersExec(
        "charm-init",
        true,
        List.of("sh", "-c", "tar -x -f - -C /var/lib/caas"),
        new StatusStreamMessage(0));
    PodExec.Result result =
        exec(
            "charm-init",
            List.of("sh", "-c", "tar -x -f - -C /var/lib/caas"),
            new byte[] {1, 2, 3},
            1024);
    assertThat(result.exitCode()).isZero();
  }

  @Test
  void anExecTheServerRefusesIsAnIoFailure() {
    // No expectation for this path: the mock answers 404, as for a missing pod or container.
    assertThatThrownBy(() -> exec("nope", List.of("true"), new byte[0], 1024))
        .isInstanceOf(IOException.class);
  }
}
