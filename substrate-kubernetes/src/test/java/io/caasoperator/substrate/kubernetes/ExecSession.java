package io.caasoperator.substrate.kubernetes;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.eclipse.jetty.websocket.api.Callback;
import org.eclipse.jetty.websocket.api.Session;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One {@code pods/exec} connection, as the kubelet serves it: the command starts when the WebSocket
 * opens; its stdout and stderr go out on channels 1 and 2 as they come; stdin arrives on channel 0
 * and ends with v5's close signal or with the connection (v4 has no other end of file); once the
 * command has exited and both its outputs are drained, the status goes out on channel 3 and the
 * server closes the connection normally. A client that closes first does not stop the command, as
 * it does not in a real container.
 */
public final class ExecSession implements Session.Listener.AutoDemanding {

  private static final Logger log = LoggerFactory.getLogger(ExecSession.class);

  /** The request, as the query string gave it. */
  record Request(
      String pod,
      String container,
      List<String> command,
      boolean stdin,
      boolean stdout,
      boolean stderr) {}

  private final StandInPods pods;
  private final Request request;
  private final String protocol;
  private volatile Session session;
  private volatile Process process;

  ExecSession(StandInPods pods, Request request, String protocol) {
    this.pods = pods;
    this.request = request;
    this.protocol = protocol;
  }

  @Override
  public void onWebSocketOpen(Session session) {
    this.session = session;
    try {
      process = pods.start(request.pod(), request.command());
    } catch (IOException e) {
      // the runtime could not start it at all: an internal error, not an exit code
      byte[] status =
          ("{\"metadata\":{},\"status\":\"Failure\",\"message\":\"error executing command in"
                  + " container: %s\",\"reason\":\"InternalError\",\"code\":500}")
              .formatted(e.getMessage().replace("\"", "'"))
              .getBytes(StandardCharsets.UTF_8);
      send(RemoteCommand.ERROR, status, status.length);
      session.close(1000, "", Callback.NOOP);
      return;
    }
    if (!request.stdin()) closeStdin();
    CompletableFuture<Void> out =
        pump(process.getInputStream(), RemoteCommand.STDOUT, request.stdout());
    CompletableFuture<Void> err =
        pump(process.getErrorStream(), RemoteCommand.STDERR, request.stderr());
    Thread.ofVirtual()
        .name("exec-" + request.pod() + "-status")
        .start(
            () -> {
              try {
                int code = process.waitFor();
                CompletableFuture.allOf(out, err).get();
                byte[] status = RemoteCommand.status(code);
                send(RemoteCommand.ERROR, status, status.length);
                session.close(1000, "", Callback.NOOP);
              } catch (InterruptedException | ExecutionException e) {
                session.close(1011, "exec ended abnormally", Callback.NOOP);
              }
            });
  }

  @Override
  public void onWebSocketBinary(ByteBuffer payload, Callback callback) {
    byte[] message = new byte[payload.remaining()];
    payload.get(message);
    switch (RemoteCommand.read(protocol, message)) {
      case RemoteCommand.Incoming.Stdin stdin -> {
        if (request.stdin()) write(stdin.data());
      }
      case RemoteCommand.Incoming.CloseStdin close -> closeStdin();
      case RemoteCommand.Incoming.Ignored ignored ->
          log.debug("exec {}: message on channel {} ignored", request.pod(), ignored.channel());
    }
    callback.succeed();
  }

  @Override
  public void onWebSocketClose(int statusCode, String reason) {
    closeStdin();
  }

  @Override
  public void onWebSocketError(Throwable cause) {
    log.debug("exec {}: {}", request.pod(), cause.toString());
    closeStdin();
  }

  /**
   * Copies one output of the command to its channel (or drains it, when the client did not ask).
   */
  private CompletableFuture<Void> pump(InputStream source, byte channel, boolean wanted) {
    CompletableFuture<Void> done = new CompletableFuture<>();
    Thread.ofVirtual()
        .name("exec-" + request.pod() + "-" + channel)
        .start(
            () -> {
              byte[] buffer = new byte[16 * 1024];
              try (source) {
                int n;
                while ((n = source.read(buffer)) >= 0) {
                  if (n > 0 && wanted) send(channel, buffer, n);
                }
              } catch (IOException e) {
                log.debug("exec {}: channel {} ended: {}", request.pod(), channel, e.toString());
              }
              done.complete(null);
            });
    return done;
  }

  private void write(byte[] data) {
    Process p = process;
    if (p == null) return;
    try {
      OutputStream in = p.getOutputStream();
      in.write(data);
      in.flush();
    } catch (IOException e) {
      // the command closed its stdin or exited: what is left is dropped, as by a pipe
      log.debug("exec {}: stdin dropped: {}", request.pod(), e.toString());
    }
  }

  private void closeStdin() {
    Process p = process;
    if (p == null) return;
    try {
      p.getOutputStream().close();
    } catch (IOException e) {
      log.debug("exec {}: closing stdin: {}", request.pod(), e.toString());
    }
  }

  /**
   * Sends one message and waits until it is written: one message at a time, so the channels' order
   * on the wire is the order in which they were sent, and the status is last.
   */
  private synchronized void send(byte channel, byte[] data, int length) {
    byte[] message = RemoteCommand.frame(channel, data, length);
    CompletableFuture<Void> written = new CompletableFuture<>();
    session.sendBinary(
        ByteBuffer.wrap(message),
        Callback.from(() -> written.complete(null), written::completeExceptionally));
    try {
      written.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (ExecutionException e) {
      log.debug("exec {}: send failed: {}", request.pod(), e.getCause().toString());
    }
  }
}
