package io.caasoperator.substrate.kubernetes;

import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpURI;
import org.eclipse.jetty.proxy.ProxyHandler;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.handler.ContextHandler;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.Fields;
import org.eclipse.jetty.websocket.client.ClientUpgradeRequest;
import org.eclipse.jetty.websocket.client.WebSocketClient;
import org.eclipse.jetty.websocket.server.ServerWebSocketContainer;

/**
 * A Kubernetes API server for tests whose {@code pods/exec} is real: in front of fabric8's mock API
 * server (CRUD mode, the store), it answers {@code GET
 * /api/v1/namespaces/{ns}/pods/{pod}/exec?command=…&container=…} itself, as a WebSocket speaking
 * {@link RemoteCommand} (v4, or v5 when offered), and runs the command as a real process in the
 * pod's stand-in filesystem ({@link StandInPods}); everything else goes to the store: plain
 * requests through Jetty's reverse proxy, WebSockets (fabric8's watches) through a {@link
 * WatchRelay}. The mock's own exec (expectations mode, scripted frames) cannot take stdin and raced
 * its close against the status frame; this one behaves as the API server and kubelet do.
 *
 * <p>Exec is refused as the API server refuses it: 404 for a pod that does not exist, 400 for a
 * container the pod does not have or that is not running (its status in the store says so), 400
 * without a WebSocket upgrade or without a subprotocol it speaks.
 */
public final class PodExecApiServer implements AutoCloseable {

  private static final Pattern EXEC =
      Pattern.compile("^/api/v1/namespaces/([^/]+)/pods/([^/]+)/exec$");

  private final Server server;
  private final WebSocketClient relayClient;
  private final String url;

  private PodExecApiServer(Server server, WebSocketClient relayClient, String url) {
    this.server = server;
    this.relayClient = relayClient;
    this.url = url;
  }

  /**
   * Starts the front on a free loopback port.
   *
   * @param storeUrl the mock API server's URL ({@code http://host:port})
   * @param store a client of the mock API server: how exec finds the pod and its containers
   * @param pods where commands run
   */
  public static PodExecApiServer start(String storeUrl, KubernetesClient store, StandInPods pods) {
    URI storeUri = URI.create(storeUrl);
    Server server = new Server();
    ServerConnector connector = new ServerConnector(server);
    connector.setHost("127.0.0.1");
    connector.setPort(0);
    server.addConnector(connector);
    ContextHandler context = new ContextHandler("/");
    server.setHandler(context);
    ServerWebSocketContainer websockets = ServerWebSocketContainer.ensure(server, context);
    websockets.setIdleTimeout(Duration.ZERO);
    websockets.setMaxTextMessageSize(16 * 1024 * 1024);
    websockets.setMaxBinaryMessageSize(16 * 1024 * 1024);
    WebSocketClient relayClient = new WebSocketClient();
    relayClient.setIdleTimeout(Duration.ZERO);
    relayClient.setMaxTextMessageSize(16 * 1024 * 1024);
    ProxyHandler.Reverse proxy =
        new ProxyHandler.Reverse(
            request ->
                HttpURI.build(request.getHttpURI())
                    .scheme(storeUri.getScheme())
                    .host(storeUri.getHost())
                    .port(storeUri.getPort()));
    context.setHandler(new Front(proxy, websockets, relayClient, storeUri, store, pods));
    try {
      relayClient.start();
      server.start();
    } catch (Exception e) {
      throw new IllegalStateException("the exec API front did not start: " + e.getMessage(), e);
    }
    return new PodExecApiServer(
        server, relayClient, "http://127.0.0.1:" + connector.getLocalPort() + "/");
  }

  /** Where clients reach the API server (for a kubeconfig). */
  public String url() {
    return url;
  }

  @Override
  public void close() {
    try {
      server.stop();
      relayClient.stop();
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  /** Routes each request: exec here, WebSockets relayed, the rest proxied. */
  private static final class Front extends Handler.Wrapper {
    private final ServerWebSocketContainer websockets;
    private final WebSocketClient relayClient;
    private final URI storeUri;
    private final KubernetesClient store;
    private final StandInPods pods;

    Front(
        ProxyHandler proxy,
        ServerWebSocketContainer websockets,
        WebSocketClient relayClient,
        URI storeUri,
        KubernetesClient store,
        StandInPods pods) {
      super(proxy);
      this.websockets = websockets;
      this.relayClient = relayClient;
      this.storeUri = storeUri;
      this.store = store;
      this.pods = pods;
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) throws Exception {
      Matcher exec = EXEC.matcher(request.getHttpURI().getPath());
      if (exec.matches()) return exec(exec.group(1), exec.group(2), request, response, callback);
      if (upgrading(request)) return relay(request, response, callback);
      return super.handle(request, response, callback);
    }

    private boolean exec(
        String namespace, String podName, Request request, Response response, Callback callback) {
      Fields query = Request.extractQueryParameters(request, StandardCharsets.UTF_8);
      Pod pod = store.pods().inNamespace(namespace).withName(podName).get();
      if (pod == null) {
        return refuse(response, callback, 404, "NotFound", "pods \"" + podName + "\" not found");
      }
      String container =
          Optional.ofNullable(query.getValue("container"))
              .orElse(pod.getSpec().getContainers().get(0).getName());
      Optional<String> problem = problem(pod, container);
      if (problem.isPresent()) return refuse(response, callback, 400, "BadRequest", problem.get());
      List<String> command = query.getValues("command");
      if (command == null || command.isEmpty()) {
        return refuse(response, callback, 400, "BadRequest", "you must specify at least 1 command");
      }
      if (!upgrading(request)) {
        return refuse(response, callback, 400, "BadRequest", "Upgrade request required");
      }
      List<String> offered =
          new ArrayList<>(request.getHeaders().getCSV(HttpHeader.SEC_WEBSOCKET_SUBPROTOCOL, true));
      Optional<String> protocol = RemoteCommand.negotiate(offered);
      if (protocol.isEmpty()) {
        return refuse(
            response,
            callback,
            400,
            "BadRequest",
            "requested protocol(s) are not supported: "
                + offered
                + "; supports "
                + List.of(RemoteCommand.V5, RemoteCommand.V4));
      }
      ExecSession.Request exec =
          new ExecSession.Request(
              podName,
              container,
              List.copyOf(command),
              "true".equals(query.getValue("stdin")),
              "true".equals(query.getValue("stdout")),
              "true".equals(query.getValue("stderr")));
      return websockets.upgrade(
          (upgradeRequest, upgradeResponse, upgradeCallback) -> {
            upgradeResponse.setAcceptedSubProtocol(protocol.get());
            return new ExecSession(pods, exec, protocol.get());
          },
          request,
          response,
          callback);
    }

    /** Why the API server would refuse an exec into {@code container} of {@code pod}. */
    private static Optional<String> problem(Pod pod, String container) {
      List<io.fabric8.kubernetes.api.model.Container> containers =
          new ArrayList<>(pod.getSpec().getContainers());
      if (pod.getSpec().getInitContainers() != null)
        containers.addAll(pod.getSpec().getInitContainers());
      boolean declared = containers.stream().anyMatch(c -> c.getName().equals(container));
      if (!declared) {
        return Optional.of(
            "container " + container + " is not valid for pod " + pod.getMetadata().getName());
      }
      List<ContainerStatus> statuses = new ArrayList<>();
      if (pod.getStatus() != null) {
        if (pod.getStatus().getContainerStatuses() != null)
          statuses.addAll(pod.getStatus().getContainerStatuses());
        if (pod.getStatus().getInitContainerStatuses() != null)
          statuses.addAll(pod.getStatus().getInitContainerStatuses());
      }
      boolean running =
          statuses.stream()
              .anyMatch(
                  s ->
                      s.getName().equals(container)
                          && s.getState() != null
                          && s.getState().getRunning() != null);
      return running
          ? Optional.empty()
          : Optional.of(
              "unable to upgrade connection: container not found (\"" + container + "\")");
    }

    private boolean relay(Request request, Response response, Callback callback) {
      HttpURI uri = request.getHttpURI();
      URI target =
          URI.create(
              "ws://"
                  + storeUri.getHost()
                  + ":"
                  + storeUri.getPort()
                  + uri.getPath()
                  + (uri.getQuery() == null ? "" : "?" + uri.getQuery()));
      return websockets.upgrade(
          (upgradeRequest, upgradeResponse, upgradeCallback) -> {
            WatchRelay relay = new WatchRelay();
            ClientUpgradeRequest toStore = new ClientUpgradeRequest();
            toStore.setSubProtocols(upgradeRequest.getSubProtocols());
            try {
              relayClient.connect(relay.store, target, toStore).get(10, TimeUnit.SECONDS);
            } catch (Exception e) {
              upgradeResponse.setStatus(503);
              upgradeCallback.succeeded();
              return null;
            }
            if (!upgradeRequest.getSubProtocols().isEmpty())
              upgradeResponse.setAcceptedSubProtocol(upgradeRequest.getSubProtocols().get(0));
            return relay.client;
          },
          request,
          response,
          callback);
    }

    private static boolean upgrading(Request request) {
      return "websocket".equalsIgnoreCase(request.getHeaders().get(HttpHeader.UPGRADE));
    }

    /** A refusal as the API server writes one: a {@code Status} object. */
    private static boolean refuse(
        Response response, Callback callback, int code, String reason, String message) {
      response.setStatus(code);
      response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json");
      String body =
          ("{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\","
                  + "\"message\":\"%s\",\"reason\":\"%s\",\"code\":%d}")
              .formatted(message.replace("\\", "\\\\").replace("\"", "\\\""), reason, code);
      response.write(
          true, java.nio.ByteBuffer.wrap(body.getBytes(StandardCharsets.UTF_8)), callback);
      return true;
    }
  }
}
