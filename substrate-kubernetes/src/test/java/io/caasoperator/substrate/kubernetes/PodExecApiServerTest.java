package io.caasoperator.substrate.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.websocket.api.Callback;
import org.eclipse.jetty.websocket.api.Session;
import org.eclipse.jetty.websocket.client.ClientUpgradeRequest;
import org.eclipse.jetty.websocket.client.WebSocketClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The test kit's exec endpoint at the wire, with a plain WebSocket client: what fabric8 does not
 * use (v5's close of stdin) and how the API server refuses an exec. {@link Fabric8PodExecTest}
 * covers what the operator's client does with it.
 */
class PodExecApiServerTest {

  private static final String NS = "test";
  private static final String POD = "mariadb-1";

  @TempDir Path tmp;
  private PodExecCluster cluster;
  private final WebSocketClient client = new WebSocketClient();

  @BeforeEach
  void start() throws Exception {
    cluster =
        PodExecCluster.start(
            tmp.resolve("pods"),
            NS,
            Pods.workloadRunning(Pods.unitPod("mariadb", 1).build(), "containerd://w", 0));
    client.start();
  }

  @AfterEach
  void stop() throws Exception {
    client.stop();
    cluster.close();
  }

  /** What came back on each channel, and how the server closed. */
  public static final class Received implements Session.Listener.AutoDemanding {
    final ByteArrayOutputStream stdout = new ByteArrayOutputStream();
    final ByteArrayOutputStream status = new ByteArrayOutputStream();
    final CompletableFuture<Integer> closed = new CompletableFuture<>();

    @Override
    public synchronized void onWebSocketBinary(ByteBuffer payload, Callback callback) {
      byte channel = payload.get();
      byte[] data = new byte[payload.remaining()];
      payload.get(data);
      if (channel == RemoteCommand.STDOUT) stdout.writeBytes(data);
      if (channel == RemoteCommand.ERROR) status.writeBytes(data);
      callback.succeed();
    }

    @Override
    public void onWebSocketClose(int statusCode, String reason) {
      closed.complete(statusCode);
    }
  }

  private String execPath(String container, String... command) {
    StringBuilder path =
        new StringBuilder("/api/v1/namespaces/" + NS + "/pods/" + POD + "/exec?container=")
            .append(container);
    for (String word : command)
      path.append("&command=").append(java.net.URLEncoder.encode(word, StandardCharsets.UTF_8));
    return path.append("&stdin=true&stdout=true&stderr=true").toString();
  }

  private Session connect(Received received, List<String> protocols, String path) throws Exception {
    ClientUpgradeRequest request = new ClientUpgradeRequest();
    request.setSubProtocols(protocols);
    URI uri = URI.create(cluster.apiServer.url().replace("http", "ws").replaceAll("/$", "") + path);
    return client.connect(received, uri, request).get(30, TimeUnit.SECONDS);
  }

  private static void send(Session session, byte[] message) throws Exception {
    CompletableFuture<Void> sent = new CompletableFuture<>();
    session.sendBinary(
        ByteBuffer.wrap(message),
        Callback.from(() -> sent.complete(null), sent::completeExceptionally));
    sent.get(30, TimeUnit.SECONDS);
  }

  @Test
  void v5sCloseSignalEndsTheCommandsStdinWhileTheConnectionStaysOpen() throws Exception {
    Received received = new Received();
    Session session =
        connect(received, List.of(RemoteCommand.V5, RemoteCommand.V4), execPath("workload", "cat"));
    assertThat(session.getUpgradeResponse().getAcceptedSubProtocol()).isEqualTo(RemoteCommand.V5);

    send(
        session,
        RemoteCommand.frame(RemoteCommand.STDIN, "hello\n".getBytes(StandardCharsets.UTF_8), 6));
    send(session, new byte[] {RemoteCommand.CLOSE, RemoteCommand.STDIN});

    assertThat(received.closed.get(30, TimeUnit.SECONDS)).isEqualTo(1000);
    synchronized (received) {
      assertThat(received.stdout.toString(StandardCharsets.UTF_8)).isEqualTo("hello\n");
      assertThat(received.status.toString(StandardCharsets.UTF_8))
          .isEqualTo(new String(RemoteCommand.status(0), StandardCharsets.UTF_8));
    }
  }

  @Test
  void aNonZeroExitIsTheLastFrameThenANormalClose() throws Exception {
    Received received = new Received();
    connect(
        received, List.of(RemoteCommand.V4), execPath("workload", "sh", "-c", "echo out; exit 7"));

    assertThat(received.closed.get(30, TimeUnit.SECONDS)).isEqualTo(1000);
    synchronized (received) {
      assertThat(received.stdout.toString(StandardCharsets.UTF_8)).isEqualTo("out\n");
      assertThat(received.status.toString(StandardCharsets.UTF_8))
          .contains("\"reason\":\"NonZeroExitCode\"")
          .contains("{\"reason\":\"ExitCode\",\"message\":\"7\"}");
    }
  }

  @Test
  void theApiServersRefusalsAreStatusObjects() throws Exception {
    HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(30)).build();
    String base = cluster.apiServer.url().replaceAll("/$", "");

    HttpResponse<String> noUpgrade =
        http.send(
            HttpRequest.newBuilder(URI.create(base + execPath("workload", "true"))).build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(noUpgrade.statusCode()).isEqualTo(400);
    assertThat(noUpgrade.body()).contains("\"message\":\"Upgrade request required\"");

    HttpResponse<String> noPod =
        http.send(
            HttpRequest.newBuilder(
                    URI.create(
                        base + "/api/v1/namespaces/" + NS + "/pods/gone-0/exec?command=true"))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(noPod.statusCode()).isEqualTo(404);
    assertThat(noPod.body()).contains("\"reason\":\"NotFound\"");

    HttpResponse<String> proxied =
        http.send(
            HttpRequest.newBuilder(URI.create(base + "/api/v1/namespaces/" + NS + "/pods/" + POD))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(proxied.statusCode()).as("anything else is the store's").isEqualTo(200);
    assertThat(proxied.body()).contains("\"name\":\"" + POD + "\"");
  }
}
