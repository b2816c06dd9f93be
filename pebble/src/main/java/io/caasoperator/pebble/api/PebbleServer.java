package io.caasoperator.pebble.api;

import io.caasoperator.pebble.Pebble;
import io.caasoperator.pebble.changes.Change;
import io.caasoperator.pebble.exec.ExecSockets;
import io.caasoperator.pebble.exec.Execution;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.handler.ContextHandler;
import org.eclipse.jetty.unixdomain.server.UnixDomainServerConnector;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.Fields;
import org.eclipse.jetty.util.thread.VirtualThreadPool;
import org.eclipse.jetty.websocket.server.ServerWebSocketContainer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Pebble's HTTP API on a Unix domain socket. Jetty 12 core (no servlets) serves it: its {@code
 * jetty-unixdomain-server} connector uses the JDK's own Unix-domain channels (no native library),
 * its HTTP/1.1 parser and WebSocket implementation are the well-kept ones that every Jetty user
 * runs, and its virtual thread pool lets endpoints block (waiting for a change, streaming a file)
 * without holding a platform thread. A hand-written HTTP parser was never an option; Netty would
 * need its native epoll transport for domain sockets.
 */
public final class PebbleServer {
  private static final Logger log = LoggerFactory.getLogger(PebbleServer.class);
  private static final String WEBSOCKET_PREFIX = "/v1/tasks/";

  private final Path socketPath;
  private final Pebble pebble;
  private final List<Route> routes = new ArrayList<>();
  private Server server;

  public PebbleServer(Path socketPath, Pebble pebble) {
    this.socketPath = socketPath;
    this.pebble = pebble;
    routes.addAll(SystemApi.routes(pebble));
    routes.addAll(LayersApi.routes(pebble));
    routes.addAll(ServicesApi.routes(pebble));
    routes.addAll(ChangesApi.routes(pebble));
    routes.addAll(FilesApi.routes(pebble));
    routes.addAll(ExecApi.routes(pebble));
    routes.addAll(ChecksApi.routes(pebble));
    routes.addAll(NoticesApi.routes(pebble));
  }

  /**
   * Serves {@code pebble}'s API on its socket until the Pebble closes ({@link Pebble#close} stops
   * this server first).
   *
   * @throws IOException when it cannot listen (missing directory, socket path in use)
   */
  public static PebbleServer serve(Pebble pebble) throws IOException {
    PebbleServer server = new PebbleServer(pebble.socketPath(), pebble);
    server.start();
    pebble.servedBy(server::stop);
    return server;
  }

  /**
   * Binds the socket (a stale socket file is replaced) with mode 0600: only the operator's user may
   * connect.
   */
  public synchronized void start() throws IOException {
    if (server != null) {
      throw new IllegalStateException("already started");
    }
    if (!Files.isDirectory(socketPath.getParent())) {
      throw new IOException(
          "cannot listen on "
              + socketPath
              + ": directory "
              + socketPath.getParent()
              + " does not exist");
    }
    Files.deleteIfExists(socketPath);
    VirtualThreadPool threads = new VirtualThreadPool();
    threads.setName("pebble-" + socketPath.getParent().getFileName());
    Server s = new Server(threads);
    UnixDomainServerConnector connector =
        new UnixDomainServerConnector(s, new HttpConnectionFactory());
    connector.setUnixDomainPath(socketPath);
    s.addConnector(connector);
    ContextHandler context = new ContextHandler("/");
    s.setHandler(context);
    ServerWebSocketContainer websockets = ServerWebSocketContainer.ensure(s, context);
    websockets.setIdleTimeout(Duration.ZERO);
    context.setHandler(new Api(websockets));
    try {
      s.start();
    } catch (Exception e) {
      throw new IOException("cannot listen on " + socketPath + ": " + e.getMessage(), e);
    }
    Files.setPosixFilePermissions(socketPath, PosixFilePermissions.fromString("rw-------"));
    server = s;
  }

  public synchronized void stop() {
    if (server == null) {
      return;
    }
    try {
      server.stop();
    } catch (Exception e) {
      log.warn("stopping the Pebble server on {}: {}", socketPath, e.toString());
    }
    server = null;
    try {
      Files.deleteIfExists(socketPath);
    } catch (IOException e) {
      log.debug("removing {}: {}", socketPath, e.toString());
    }
  }

  /** Routes requests; every failure becomes an error envelope, never a stack trace. */
  private final class Api extends Handler.Abstract {
    private final ServerWebSocketContainer websockets;

    Api(ServerWebSocketContainer websockets) {
      this.websockets = websockets;
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) {
      String path = Request.getPathInContext(request);
      String method = request.getMethod();
      try {
        if (path.startsWith(WEBSOCKET_PREFIX) && method.equals("GET")) {
          Optional<ApiResponse.Error> refused = websocket(path, request, response, callback);
          if (refused.isEmpty()) {
            return true;
          }
          send(refused.get(), response, callback);
          return true;
        }
        send(dispatch(method, path, request), response, callback);
      } catch (Exception e) {
        log.warn("{} {} failed", method, path, e);
        send(ApiResponse.Error.serverError("internal error: " + e), response, callback);
      }
      return true;
    }

    private ApiResponse dispatch(String method, String path, Request request) {
      for (Route route : routes) {
        Optional<Map<String, String>> vars = route.match(path);
        if (vars.isEmpty()) {
          continue;
        }
        Route.Endpoint endpoint = route.methods().get(method);
        if (endpoint == null) {
          return new ApiResponse.Error(405, "method \"" + method + "\" not allowed", "");
        }
        Map<String, List<String>> query = new HashMap<>();
        Fields fields = Request.extractQueryParameters(request);
        for (Fields.Field f : fields) {
          query.put(f.getName(), f.getValues());
        }
        InputStream body = Content.Source.asInputStream(request);
        ApiRequest api =
            new ApiRequest(
                method, path, vars.get(), query, name -> request.getHeaders().get(name), body);
        try {
          return endpoint.handle(api);
        } catch (ApiException e) {
          return e.error();
        }
      }
      return ApiResponse.Error.notFound("invalid API endpoint requested");
    }

    /** {@code /v1/tasks/{task-id}/websocket/{websocket-id}} (api_tasks.go); empty when upgraded. */
    private Optional<ApiResponse.Error> websocket(
        String path, Request request, Response response, Callback callback) {
      String[] parts = path.substring(1).split("/");
      if (parts.length != 5 || !parts[3].equals("websocket")) {
        return Optional.of(ApiResponse.Error.notFound("invalid API endpoint requested"));
      }
      String taskId = parts[2];
      String wsId = parts[4];
      Optional<Change> change = pebble.changes().changeOfTask(taskId);
      if (change.isEmpty()) {
        return Optional.of(ApiResponse.Error.notFound("cannot find task \"" + taskId + "\""));
      }
      String kind = change.get().task(taskId).orElseThrow().kind();
      if (!kind.equals("exec")) {
        return Optional.of(
            ApiResponse.Error.badRequest("\"" + kind + "\" tasks do not have websockets"));
      }
      Optional<Execution> execution = pebble.exec().execution(taskId);
      if (execution.isEmpty()) {
        return Optional.of(
            ApiResponse.Error.notFound(
                "cannot find " + wsId + " websocket for task \"" + taskId + "\""));
      }
      Optional<String> refusal = ExecSockets.refusal(execution.get(), wsId, taskId);
      if (refusal.isPresent()) {
        return Optional.of(
            refusal.get().startsWith("cannot find")
                ? ApiResponse.Error.notFound(refusal.get())
                : ApiResponse.Error.serverError(refusal.get()));
      }
      boolean upgraded =
          websockets.upgrade(
              (rq, rs, cb) -> ExecSockets.socket(execution.get(), wsId),
              request,
              response,
              callback);
      return upgraded
          ? Optional.empty()
          : Optional.of(ApiResponse.Error.badRequest("websocket upgrade expected"));
    }

    private void send(ApiResponse r, Response response, Callback callback) {
      response.setStatus(Envelope.status(r));
      switch (r) {
        case ApiResponse.Raw raw -> {
          response.getHeaders().put(HttpHeader.CONTENT_TYPE, raw.contentType());
          try (OutputStream out = Content.Sink.asOutputStream(response)) {
            raw.body().write(out);
            out.close();
            callback.succeeded();
          } catch (IOException | RuntimeException e) {
            callback.failed(e);
          }
        }
        case ApiResponse.Sync s -> json(r, response, callback);
        case ApiResponse.Async a -> json(r, response, callback);
        case ApiResponse.Error e -> json(r, response, callback);
      }
    }

    private void json(ApiResponse r, Response response, Callback callback) {
      response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json");
      response.write(true, java.nio.ByteBuffer.wrap(Envelope.json(r)), callback);
    }
  }
}
